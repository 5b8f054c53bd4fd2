"""``python -m canasta.cli``."""

from . import main

if __name__ == "__main__":  # not when a worker process imports this module
    raise SystemExit(main())
