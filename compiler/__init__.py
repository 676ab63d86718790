"""The cosmic-rules compiler: card files in, checked and compiled card definitions out.

`pipeline/` holds the stages (load, schema, parse, resolve, link) and the project that drives them;
`tools/` what is built on them (rendered rules text, generated references, diagnostic reports,
scaffolding); `scenarios/` the engine's test harness; `cli/` the `cosmic` command and `lsp/` the
language server. `diagnostics` is the record every part reports problems with."""

__version__ = "0.1.0"
