"""The engine's test harness: card scenario files (setup, situation, scripted answers,
expectations), read and checked by compiler/pipeline/scenario_files, played against the engine
and reported."""
