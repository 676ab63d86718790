"""The compiler's stages, in order: load (YAML with positions), schema, lex and parse (effect text
to syntax tree), resolve (tree to typed IR), link (all packs to one CardSet); project drives them
over card folders through the compile cache."""
