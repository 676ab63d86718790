"""The engine's test harness: card scenario files (setup, situation, scripted answers,
expectations) found, checked like cards, played against the engine, and reported."""
