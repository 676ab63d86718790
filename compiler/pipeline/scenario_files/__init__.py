"""A pack's scenario files as a project holds them: found and read (reading), their JSON Schema
(file_schema) and their checks against it and the cards (file_check). They are checked afresh on
every run and never cached, so they read the engine's tables freely and lie outside the compile
cache's fingerprint."""
