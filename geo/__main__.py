import sys

from geo.cli import main

sys.exit(main())
