"""``python -m geo.scoring``: kept as the short name of :mod:`geo.ingest.scoring`, where grading ingest lives."""

from geo.ingest.scoring import main

if __name__ == "__main__":
    raise SystemExit(main())
