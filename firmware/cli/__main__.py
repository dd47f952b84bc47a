"""`python -m firmware.cli` runs the same CLI as `mjtable`."""

import sys

from firmware.cli import main

sys.exit(main())
