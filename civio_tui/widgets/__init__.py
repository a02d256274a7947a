"""civio_tui/widgets"""
