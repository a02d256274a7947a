"""civio_tui"""
