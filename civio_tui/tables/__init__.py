"""Networked tables: classmates at one table, each from their own process.

`store` keeps every table of a class in one SQLite file; `ops` is what players and the teacher
do with a table (each operation one transaction); `games` builds each game's match from a
table's seed and options; `live` is one process's copy of a table, replayed from the log and
kept current by polling. The session's remote seat (civio_tui/session/remote.py) is built on
them.
"""
