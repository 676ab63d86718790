"""`cosmic lsp`: a Language Server Protocol server for card, pack and scenario files, built on the
compiler's own loading, validation, parsing, rendering and explaining functions."""
