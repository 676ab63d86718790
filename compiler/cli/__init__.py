"""The `cosmic` command line: validate, simulate, play, replay, test, explain, render, schema, docs."""
