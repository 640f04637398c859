"""The ``end_reason`` values a session's row may hold when it does not play on in its database (no imports: the
command line names them without loading the database layer).

    >>> from casino.db.end_reasons import COPIED, MOVED, MOVING
    >>> COPIED, MOVED, MOVING
    ('copied', 'moved', 'moving')
"""

#: ``end_reason`` of a session copied as a record (refused by ``--resume``: it plays on where it came from)
COPIED = "copied"
#: ``end_reason`` of a session moved to another database (refused by ``--resume``: it plays on there)
MOVED = "moved"
#: ``end_reason`` of a move's copy until the source has let go of the session (refused by ``--resume``: the same
#: move, run again, makes it the one that plays on); no plain copy is ever marked so
MOVING = "moving"
