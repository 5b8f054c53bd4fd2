"""``python -m canasta.cli``."""

from . import main

raise SystemExit(main())
