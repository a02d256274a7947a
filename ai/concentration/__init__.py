"""The AI levels of Concentration."""
