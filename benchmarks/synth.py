"""Write a synthetic but realistic data folder of N events, for benchmarks.

    python benchmarks/synth.py --events 1000000 -o benchmarks/data/1m --format parquet

The folder follows data/README.md, so ``evacmap validate DIR`` accepts it. It keeps
the shipped places, event types and sources, and adds around them what a year of a
conflict holds:

- places: synthetic neighbourhoods and villages scattered around the shipped event
  places (a few hundred to 2,000, each the child of the place it lies near);
- sources: synthetic outlets' reports published over the months;
- events: N of them over ``--months`` months ending on 31 December 2016, busier on
  some days than others and by day more than by night; most happen at a few busy
  places; a mix of day-only events, instants, spans of hours and week-long spans,
  with a few approximate places;
- claims: numbers (evacuees, buses, wounded...) about one event in twenty, with the
  qualifiers sources use, including ranges;
- corridors: one route a month, from a place in Aleppo to one further out, with
  a claimed length and one explicit (non-place) waypoint.

Every name says it is synthetic; nothing is taken from the reports' text. The same
``--seed`` always writes the same folder. ``--format parquet`` writes
``events.parquet`` (typed columns: UTC timestamps, small ints) instead of
``events.csv``.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path
from zoneinfo import ZoneInfo

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from geo import times
from geo.case import Case, Country
from geo.data import package

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "data" / "aleppo-2016-12"  # the December 2016 case: its places, types and sources
ZONE = ZoneInfo("Asia/Damascus")  # that case's time zone
LAST_DAY = "2016-12-31"
CLAIM_SHARE = 0.05
SYNTHETIC_URL = "https://example.org/evacmap/synthetic"
RETRIEVED = "2016-12-31"
ANCHOR_KINDS = ("neighbourhood", "crossing", "town", "city")
TYPE_WEIGHTS = {
    "gathering": 8, "departure": 12, "arrival": 10, "transfer": 6, "ceasefire": 1, "halt": 2,
    "attack": 9, "clash": 14, "advance": 5, "demining": 3, "statement": 6,
}
ACTORS = (
    "Syrian government forces", "Rebel groups", "Russian military police", "Syrian Arab Red Crescent",
    "ICRC", "Civilians", "Pro-government militias", "Turkish mediators", "UN observers", "Ambulance crews",
)
QUANTITIES = {  # quantity: (unit, weight, typical value)
    "people_evacuated": ("people", 10, 2000), "buses": ("buses", 4, 40), "ambulances": ("ambulances", 2, 15),
    "wounded": ("people", 3, 30), "killed": ("people", 2, 8), "cars": ("cars", 1, 60),
}
QUALIFIERS = ("exact", "about", "at_least", "more_than", "nearly", "up_to", "range")
CLAIMANTS = (
    "Russian Defence Ministry", "ICRC", "Syrian Arab Red Crescent", "UN OCHA", "Rebel spokesperson",
    "Syrian state media", "WHO", "Turkish Foreign Ministry", "Local council",
)


def _utc_text(moments: np.ndarray) -> np.ndarray:
    """datetime64 UTC moments as ISO 8601 with an explicit offset, as data files write them."""
    text = np.datetime_as_string(moments.astype("datetime64[s]"), unit="s").astype(object)
    return np.where(np.isnat(moments), "", text + "+00:00")


def _pick(rng: np.random.Generator, labels, weights, size: int) -> np.ndarray:
    weights = np.asarray(weights, dtype=float)
    return np.asarray(labels, dtype=object)[rng.choice(len(weights), size=size, p=weights / weights.sum())]


def _places(rng: np.random.Generator, gazetteer: pd.DataFrame, events: int) -> pd.DataFrame:
    """The shipped places plus synthetic ones scattered around its event places."""
    anchors = gazetteer.loc[(gazetteer["role"] == "event") & gazetteer["kind"].isin(ANCHOR_KINDS)].reset_index(drop=True)
    count = int(min(2000, max(len(anchors) * 10, events // 500)))
    which = rng.integers(0, len(anchors), size=count)
    base = anchors.iloc[which].reset_index(drop=True)
    spread_m = base["precision_m"].to_numpy(dtype=float) * 1.5
    north = rng.normal(0, spread_m)
    east = rng.normal(0, spread_m)
    lat = base["lat"].to_numpy() + north / 111_320
    lon = base["lon"].to_numpy() + east / (111_320 * np.cos(np.radians(base["lat"].to_numpy())))
    number = pd.Series(np.arange(1, count + 1)).astype(str).to_numpy(dtype=object)
    in_city = base["kind"].isin(("neighbourhood", "crossing", "city")).to_numpy()
    synthetic = pd.DataFrame({
        "id": "syn_" + base["id"].to_numpy(dtype=object) + "_" + number,
        "name": base["name"].to_numpy(dtype=object) + " (synthetic " + number + ")",
        "name_local": base["name_local"].to_numpy(dtype=object) + " " + number,
        "name_local_lang": base["name_local_lang"].to_numpy(dtype=object),
        "aliases": "",
        "kind": np.where(in_city, "neighbourhood", "town"),
        "parent": base["id"].to_numpy(dtype=object),
        "role": "event",
        "lat": lat.round(5),
        "lon": lon.round(5),
        "precision_m": rng.integers(200, 1500, size=count),
        "point": "synthetic point near " + base["name"].to_numpy(dtype=object),
        "coord_source": "synthetic (benchmarks/synth.py)",
        "coord_source_url": SYNTHETIC_URL,
        "retrieved": RETRIEVED,
    })
    return pd.concat([gazetteer, synthetic], ignore_index=True)


def _sources(rng: np.random.Generator, shipped: pd.DataFrame, days: pd.DatetimeIndex, events: int) -> pd.DataFrame:
    count = int(min(300, max(20, events // 5000)))
    published = np.sort(rng.choice(len(days), size=count))
    number = [f"{i:04d}" for i in range(1, count + 1)]
    synthetic = pd.DataFrame({
        "id": [f"syn_report_{n}" for n in number],
        "file": [f"synthetic_{n}.txt" for n in number],
        "outlet": [f"Synthetic outlet {1 + i % 25}" for i in range(count)],
        "published": [d.isoformat() for d in days[published].date],
        "language": _pick(rng, ("en", "ar", "fr"), (6, 3, 1), count),
        "kind": _pick(rng, ("news article", "photo captions", "press release"), (7, 2, 1), count),
        "note": "synthetic report for benchmarks",
    })
    return pd.concat([shipped, synthetic], ignore_index=True)


def _join_some(rng: np.random.Generator, pool: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """For each row, ``counts[i]`` (at most 3) distinct items of ``pool`` joined by '|' (empty for 0)."""
    size = len(pool)
    offset = rng.integers(0, size, size=len(counts))
    stride = rng.integers(1, size, size=len(counts))
    stride = np.where(2 * stride == size, 1, stride)  # offset, +stride, +2*stride stay distinct
    out = np.full(len(counts), "", dtype=object)
    for k in range(int(counts.max())):
        item = pool[(offset + k * stride) % size]
        out = np.where(counts > k, np.where(out == "", item, out + "|" + item), out)
    return out


def _events(rng: np.random.Generator, count: int, places: pd.DataFrame, types: pd.DataFrame,
            sources: pd.DataFrame, days: pd.DatetimeIndex) -> pd.DataFrame:
    """``count`` events over ``days`` (local midnights, UTC), in start order."""
    n_days = len(days)
    intensity = rng.gamma(2.0, 1.0, size=n_days) * (1 + 4 * (rng.random(n_days) < 0.05))
    day = np.sort(rng.choice(n_days, size=count, p=intensity / intensity.sum()))
    seconds = days.as_unit("s").asi8
    midnight = seconds[day]
    next_midnight = np.append(seconds[1:], seconds[-1] + 86_400)[day]
    hour_weights = np.array([1, 1, 1, 1, 1, 2, 4, 6, 8, 9, 9, 9, 9, 9, 9, 9, 8, 7, 6, 5, 4, 3, 2, 1], dtype=float)
    hour = rng.choice(24, size=count, p=hour_weights / hour_weights.sum())
    moment = midnight + hour * 3600 + rng.integers(0, 60, size=count) * 60
    shape = rng.choice(4, size=count, p=(0.35, 0.5, 0.1, 0.05))  # day-only, instant, hours, week
    start = np.where((shape == 0) | (shape == 3), midnight, moment)
    end = np.select(
        [shape == 0, shape == 1, shape == 2],
        [next_midnight, np.iinfo(np.int64).min, moment + rng.integers(1, 9, size=count) * 3600],
        midnight + 7 * 86_400,
    )
    order = np.lexsort((moment, start))
    start, end, shape = start[order], end[order], shape[order]
    start64 = start.astype("datetime64[s]")
    end64 = np.where(end == np.iinfo(np.int64).min, np.datetime64("NaT"), end.astype("datetime64[s]"))

    event_places = places.loc[(places["role"] == "event") & (places["kind"] != "governorate")].reset_index(drop=True)
    popularity = 1 / np.arange(1, len(event_places) + 1) ** 0.9  # a few busy places, a long tail
    place = rng.permutation(len(event_places))[rng.choice(len(event_places), size=count, p=popularity / popularity.sum())]
    kind = _pick(rng, list(TYPE_WEIGHTS), list(TYPE_WEIGHTS.values()), count)
    labels = types.set_index("id")["label"]
    place_names = event_places["name"].to_numpy(dtype=object)[place]
    ids = np.char.add("ev", np.char.zfill(np.arange(1, count + 1).astype(str), 7)).astype(object)
    outlet = sources["outlet"].to_numpy(dtype=object)
    source_ids = sources["id"].to_numpy(dtype=object)
    n_sources = rng.choice((1, 2, 3), size=count, p=(0.6, 0.3, 0.1))
    source_cells = _join_some(rng, source_ids, n_sources)
    first_outlet = outlet[pd.Index(source_ids).get_indexer([s.split("|")[0] for s in source_cells])]
    summary = (labels.reindex(kind).to_numpy(dtype=object) + " at " + place_names + ", as reported by "
               + first_outlet + " (synthetic event " + ids + ").")
    return pd.DataFrame({
        "id": ids,
        "start": start64,
        "end": end64,
        "time_precision": np.where(shape == 3, 2, 1).astype(np.int8),
        "geo_precision": rng.choice((1, 2, 3), size=count, p=(0.82, 0.15, 0.03)).astype(np.int8),
        "place_id": event_places["id"].to_numpy(dtype=object)[place],
        "type": kind,
        "actors": _join_some(rng, np.asarray(ACTORS, dtype=object), rng.choice((0, 1, 2, 3), size=count, p=(0.2, 0.4, 0.3, 0.1))),
        "summary": summary,
        "sources": source_cells,
    })


def _claims(rng: np.random.Generator, events: pd.DataFrame) -> pd.DataFrame:
    about = np.sort(rng.choice(len(events), size=max(1, int(len(events) * CLAIM_SHARE)), replace=False))
    count = len(about)
    quantity = _pick(rng, list(QUANTITIES), [w for _, w, _ in QUANTITIES.values()], count)
    typical = np.array([QUANTITIES[q][2] for q in quantity], dtype=float)
    value = np.round(typical * rng.lognormal(0, 0.8, size=count))
    qualifier = _pick(rng, QUALIFIERS, (5, 4, 2, 2, 1, 1, 2), count)
    is_range = qualifier == "range"
    return pd.DataFrame({
        "id": np.char.add("cl", np.char.zfill(np.arange(1, count + 1).astype(str), 7)).astype(object),
        "event_id": events["id"].to_numpy()[about],
        "quantity": quantity,
        "value": np.where(is_range, np.nan, value),
        "low": np.where(is_range, np.round(value * 0.8), np.nan),
        "high": np.where(is_range, value, np.nan),
        "qualifier": qualifier,
        "unit": [QUANTITIES[q][0] for q in quantity],
        "claimed_by": _pick(rng, CLAIMANTS, np.ones(len(CLAIMANTS)), count),
        "source_id": [cell.split("|")[0] for cell in events["sources"].to_numpy()[about]],
        "note": "",
    })


def _corridors(rng: np.random.Generator, places: pd.DataFrame, events: pd.DataFrame,
               days: pd.DatetimeIndex, first_claim: int) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """One route a month: corridors, their waypoints, and a length claim for each."""
    synthetic = places.loc[places["id"].str.startswith("syn_")]
    inner = synthetic.loc[synthetic["kind"] == "neighbourhood", "id"].to_numpy()
    outer = synthetic.loc[synthetic["kind"] == "town", "id"].to_numpy()
    outer = outer if len(outer) else inner
    months = np.flatnonzero(np.diff(days.tz_convert(ZONE.key).month, prepend=0) != 0)
    corridors, points, claims = [], [], []
    coords = places.set_index("id")[["lat", "lon"]]
    for number, first_day in enumerate(months, start=1):
        corridor_id = f"syn_route_{number:02d}"
        begin = days[first_day + rng.integers(0, 20)]
        until = begin + pd.Timedelta(days=int(rng.integers(1, 8)))
        stops = [rng.choice(inner), rng.choice(inner), rng.choice(outer)]
        middle = (coords.loc[stops[1]] + coords.loc[stops[2]]) / 2
        claim_id = f"cl{first_claim + number:07d}"
        corridors.append({
            "id": corridor_id, "name": f"Synthetic route {number}",
            "active_from": begin.isoformat(), "active_until": until.isoformat(), "length_claims": claim_id,
            "description": f"Synthetic evacuation route {number}, for benchmarks.",
            "sources": events["sources"].iloc[rng.integers(0, len(events))].split("|")[0],
        })
        for seq, place_id in enumerate(stops[:2], start=1):
            points.append({"corridor_id": corridor_id, "seq": seq, "place_id": place_id})
        points.append({"corridor_id": corridor_id, "seq": 3, "lat": round(middle["lat"], 5), "lon": round(middle["lon"], 5),
                       "coord_source": "synthetic midpoint", "note": "a bend in the road"})
        points.append({"corridor_id": corridor_id, "seq": 4, "place_id": stops[2]})
        event = events.iloc[rng.integers(0, len(events))]
        claims.append({
            "id": claim_id, "event_id": event["id"], "quantity": "corridor_length",
            "value": float(rng.integers(5, 60)), "qualifier": "about", "unit": "km",
            "claimed_by": rng.choice(CLAIMANTS), "source_id": event["sources"].split("|")[0], "note": "",
        })
    return pd.DataFrame(corridors), pd.DataFrame(points), pd.DataFrame(claims)


def _write_csv(frame: pd.DataFrame, path: Path, columns: list[str]) -> None:
    frame.reindex(columns=columns).to_csv(path, index=False, lineterminator="\n")


def _write_events(events: pd.DataFrame, folder: Path, fmt: str, columns: list[str]) -> None:
    if fmt == "parquet":
        table = pa.table({
            name: (pa.array(events[name].to_numpy().astype("datetime64[us]"), type=pa.timestamp("us", tz="UTC"))
                   if name in ("start", "end") else pa.array(events[name].to_numpy()))
            for name in columns
        })
        pq.write_table(table, folder / "events.parquet", row_group_size=256 * 1024)
        return
    text = events.copy()
    text["start"] = _utc_text(events["start"].to_numpy())
    text["end"] = _utc_text(events["end"].to_numpy())
    _write_csv(text, folder / "events.csv", columns)


def write(folder: Path, events: int, seed: int = 2016, months: int = 12, fmt: str = "csv") -> Path:
    """Write the synthetic folder (replacing the data files it writes); returns the folder."""
    if events < 1:
        raise ValueError(f"--events: expected at least 1, instead got {events}")
    if fmt not in ("csv", "parquet"):
        raise ValueError(f"--format: expected csv or parquet, instead got {fmt!r}")
    rng = np.random.default_rng(seed)
    folder.mkdir(parents=True, exist_ok=True)
    for stale in ("events.csv", "events.parquet"):
        (folder / stale).unlink(missing_ok=True)
    shipped = {name: pd.read_csv(SHIPPED / name, dtype=str, keep_default_na=False)
               for name in ("gazetteer.csv", "event_types.csv", "sources.csv", "events.csv", "claims.csv",
                            "corridors.csv", "corridor_waypoints.csv")}
    last = pd.Timestamp(LAST_DAY)
    local_days = pd.date_range(last - pd.DateOffset(months=months) + pd.Timedelta(days=1), last, freq="D")
    days = pd.DatetimeIndex([times.local_day_start(d, ZONE) for d in local_days.date]).as_unit("s")
    gazetteer = shipped["gazetteer.csv"]
    gazetteer["lat"], gazetteer["lon"] = gazetteer["lat"].astype(float), gazetteer["lon"].astype(float)
    gazetteer["precision_m"] = gazetteer["precision_m"].astype(int)
    places = _places(rng, gazetteer, events)
    sources = _sources(rng, shipped["sources.csv"], days, events)
    table = _events(rng, events, places, shipped["event_types.csv"], sources, days)
    claims = _claims(rng, table)
    corridors, points, length_claims = _corridors(rng, places, table, days, len(claims))
    claims = pd.concat([claims, length_claims], ignore_index=True)

    _write_csv(places, folder / "gazetteer.csv", list(shipped["gazetteer.csv"].columns))
    shutil.copyfile(SHIPPED / "event_types.csv", folder / "event_types.csv")
    _write_csv(sources, folder / "sources.csv", list(shipped["sources.csv"].columns))
    _write_events(table, folder, fmt, list(shipped["events.csv"].columns))
    _write_csv(claims, folder / "claims.csv", list(shipped["claims.csv"].columns))
    _write_csv(corridors, folder / "corridors.csv", list(shipped["corridors.csv"].columns))
    _write_csv(points, folder / "corridor_waypoints.csv", list(shipped["corridor_waypoints.csv"].columns))
    shutil.copyfile(SHIPPED / "holdings.csv", folder / "holdings.csv")
    case = Case(id=f"synthetic-{events}", title=f"Synthetic evidence: {events:,} events", timezone=ZONE, folder=folder,
                description="Written by benchmarks/synth.py around the shipped places; not a real case.",
                country=Country(760, "SYR", "Syria", "Middle East"))
    (folder / package.DESCRIPTOR).write_text(package.dumps(package.descriptor(case)), encoding="utf-8")
    return folder


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, required=True, metavar="N", help="how many events to write")
    parser.add_argument("-o", "--output", required=True, metavar="DIR", help="folder to write (created if needed)")
    parser.add_argument("--format", choices=("csv", "parquet"), default="csv", help="format of the events table")
    parser.add_argument("--months", type=int, default=12, help="months the events span, ending 31 Dec 2016")
    parser.add_argument("--seed", type=int, default=2016, help="random seed; the same seed writes the same folder")
    args = parser.parse_args(argv)
    folder = write(Path(args.output), args.events, seed=args.seed, months=args.months, fmt=args.format)
    print(f"wrote {folder}: {args.events:,} events ({args.format})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
