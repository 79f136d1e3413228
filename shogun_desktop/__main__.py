"""`python -m shogun_desktop` behaves exactly like the `shogun-desktop` script."""

import sys

from shogun_desktop.cli import main

sys.exit(main())
