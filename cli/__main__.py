"""``python -m cli`` runs the ``brag`` command line."""

from cli.main import main

main()
