"""The 2e words: the log sentences, an attack told step by step, the small pieces both use."""
