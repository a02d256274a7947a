"""civio_tui/screens"""
