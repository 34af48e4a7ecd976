"""The "Find a place" panel alone, on the case folder $PLACE_FOLDER, editable when $PLACE_EDIT is 1 (for AppTest)."""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's geo and panels, as pytest sees them

from geo.data import evidence  # noqa: E402
from geo.map import assets  # noqa: E402
from panels import find_place  # noqa: E402

folder = Path(os.environ["PLACE_FOLDER"])
find_place.find_place(evidence.load(folder).gazetteer, folder, editable=os.environ.get("PLACE_EDIT") == "1",
                      offline_assets=assets.copies("inline"))  # the small map's scripts without a network
