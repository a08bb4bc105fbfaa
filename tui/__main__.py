"""`python -m tui`: the same entry point as the `parlor` console script."""
from .cli import main

raise SystemExit(main())
