"""The AI levels of Easy Play."""
