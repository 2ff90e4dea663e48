"""`python -m battle`: the console script without installing it."""

import sys

from .cli import main

sys.exit(main())
