"""Technology cards (the base game's `techs` option) as a rules module: its registration and rules
are module.py, its words of the effect language words.py (runtime/language.py loads each in the
registry's order, so importing this package registers nothing)."""
