// node --test geo/map/js/  — what flows.js draws of the people moved along a corridor.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const flows = createRequire(import.meta.url)("./flows.js");
const DAY = 86400;
// two claimants' figures along one corridor, as the map gets them: [epoch of the local day's start, low, high]
const SERIES = {
  "A": [[10 * DAY, 1000, 1000], [12 * DAY, 4000, 4000]],
  "B": [[11 * DAY, 200, 250]],
};
const SCALE = { largest: 4000, min: 3, max: 24 };

test("should take the figure standing at the end of a step, and the last one for the whole window", () => {
  assert.equal(flows.figureAt(SERIES.A, 10 * DAY), null);  // a step ending as the first day begins: nothing yet
  assert.deepEqual(flows.figureAt(SERIES.A, 10 * DAY + 1), [1000, 1000]);
  assert.deepEqual(flows.figureAt(SERIES.A, 12 * DAY), [1000, 1000]);
  assert.deepEqual(flows.figureAt(SERIES.A, null), [4000, 4000]);
});

test("should give all claimants as the range from the lowest figure to the highest, never their sum", () => {
  const all = flows.flowOf(SERIES, flows.ALL, null);
  assert.equal(all.low, 200);
  assert.equal(all.high, 4000);
  assert.deepEqual(all.by, [["A", 4000, 4000], ["B", 200, 250]]);
  assert.deepEqual(flows.flowOf(SERIES, "B", null), { low: 200, high: 250, by: [["B", 200, 250]] });
  assert.equal(flows.flowOf(SERIES, "C", null), null);
  assert.equal(flows.flowOf(SERIES, flows.ALL, 10 * DAY), null);
});

test("should draw a width in proportion to the people, the largest figure at full width", () => {
  assert.equal(flows.width(4000, SCALE), 24);
  assert.equal(flows.width(2000, SCALE), 13.5);  // 3 + 21 / 2
  assert.equal(flows.width(0, SCALE), 3);
  assert.equal(flows.width(500, { largest: 0, min: 3, max: 24 }), 3);
});

test("should label a figure with who gave it, and a range with who gave its ends", () => {
  const text = { none: "no figure", people: "people", by: "by", lowest: "lowest", highest: "highest" };
  assert.equal(flows.label(flows.flowOf(SERIES, "A", null), text), "4,000 people \u00B7 by A");
  assert.equal(flows.label(flows.flowOf(SERIES, flows.ALL, null), text),
    "200\u20134,000 people \u00B7 lowest B, highest A");
  assert.equal(flows.label(null, text), "no figure");
  // on a phone's map, the figure alone
  assert.equal(flows.compactLabel(flows.flowOf(SERIES, flows.ALL, null), text), "200\u20134,000 people");
  assert.equal(flows.compactLabel(null, text), "no figure");
  assert.equal(flows.tooltip("Route", flows.flowOf(SERIES, flows.ALL, null), text), "Route<br>A: 4,000<br>B: 200\u2013250");
});

test("should label the people said to have arrived as a figure of their own, never added to those who set out", () => {
  const text = { none: "no figure", none_left: "no figure of people setting out", people: "people", by: "by",
    lowest: "lowest", highest: "highest", arrived: "arrived" };
  const arrived = { "C": [[11 * DAY, 3000, 3000]], "A": [[12 * DAY, 3500, 3500]] };
  const came = flows.flowOf(arrived, flows.ALL, null);
  assert.equal(flows.arrivedLabel(came, text), "arrived 3,000–3,500 · lowest C, highest A");
  assert.equal(flows.arrivedLabel(flows.flowOf(arrived, "C", null), text), "arrived 3,000 · by C");
  assert.equal(flows.arrivedLabel(null, text), "");
  const left = flows.flowOf(SERIES, flows.ALL, null);
  assert.equal(left.high, 4000);  // the departures' range as before: 3,500 arrived is not added to A's 4,000
  assert.equal(flows.compactLabel(left, text, came), "200–4,000 people; arrived 3,000–3,500");
  assert.equal(flows.compactLabel(null, text, came), "no figure of people setting out; arrived 3,000–3,500");
  assert.equal(flows.tooltip("Route", null, text, flows.flowOf(arrived, "C", null)),
    "Route<br>no figure of people setting out<br>arrived, C: 3,000");
});

test("should put a corridor's label halfway along its route", () => {
  assert.deepEqual(flows.midway([[0, 0], [0, 2], [2, 2]]), [0, 2]);
  assert.deepEqual(flows.midway([[0, 0], [0, 4]]), [0, 2]);
  assert.deepEqual(flows.midway([[0, 0], [0, 4]], 0.25), [0, 1]);  // a second corridor on the same road: apart
});

// The shipped cases' figures over their whole windows, counted by hand from claims.csv and movements.csv
// (tests/test_map_flows.py names each claim); the widest is each case's largest figure.
test("should draw December's corridor out of east Aleppo by claimant, and all of them as a band", () => {
  const series = {
    "ICRC": [[0, 25000, 25000]], "United Nations": [[0, 34000, 34000]], "SANA": [[0, 8000, 8000]],
    "Syrian state television": [[0, 150, 150]], "Russian Foreign Ministry": [[0, 4000, 4000]],
  };
  const scale = { largest: 34000, min: 3, max: 24 };
  const all = flows.flowOf(series, flows.ALL, null);
  assert.deepEqual([all.low, all.high], [150, 34000]);
  assert.equal(flows.width(all.low, scale), 3.1);  // 3 + 21 × 150 / 34,000 = 3.09
  assert.equal(flows.width(all.high, scale), 24);
  assert.equal(flows.width(flows.flowOf(series, "ICRC", null).low, scale), 18.4);  // 3 + 21 × 25 / 34 = 18.44
  assert.equal(flows.width(flows.flowOf(series, "Russian Foreign Ministry", null).low, scale), 5.5);  // 5.47
});

test("should draw April's corridors from the four towns, each a band between its claimants", () => {
  const scale = { largest: 8000, min: 3, max: 24 };
  const foua = { "SANA reporter": [[0, 5000, 5000]], "Syrian Observatory for Human Rights": [[0, 5000, 5000], [5, 8000, 8000]],
                 "Hezbollah military media unit": [[5, 3000, 3000]] };
  const madaya = { "Reuters (own reporting)": [[0, 2000, 2000]], "SANA reporter": [[0, 2350, 2350]] };
  const f = flows.flowOf(foua, flows.ALL, null), m = flows.flowOf(madaya, flows.ALL, null);
  assert.deepEqual([flows.width(f.low, scale), flows.width(f.high, scale)], [10.9, 24]);  // 3 + 21 × 3 / 8 = 10.875
  assert.deepEqual([flows.width(m.low, scale), flows.width(m.high, scale)], [8.3, 9.2]);  // 8.25 and 9.17
  // after the first day's step only: 5,000 by both, so one line, no band
  const early = flows.flowOf(foua, flows.ALL, 1);
  assert.deepEqual([early.low, early.high], [5000, 5000]);
});

test("the claimant menu moves below a title box that reaches over it, and stays where nothing is above it", () => {
  const menu = {left: 10, top: 90, right: 250, bottom: 125};
  assert.equal(flows.clearance(menu, {left: 62, top: 10, right: 380, bottom: 120}), 36);  // 120 + 6 - 90
  assert.equal(flows.clearance(menu, {left: 260, top: 10, right: 380, bottom: 120}), 0);  // beside it
  assert.equal(flows.clearance(menu, {left: 62, top: 10, right: 380, bottom: 60}), 0);  // above it, with room
  assert.equal(flows.clearance(menu, null), 0);
});

test("should try a corridor's label at its own fraction first, then farther from it either way, within the middle", () => {
  assert.deepEqual(flows.fractions(0.5).map((f) => Math.round(f * 10) / 10), [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9]);
  assert.deepEqual(flows.fractions(0.25).map((f) => Math.round(f * 100) / 100), [0.25, 0.15, 0.35, 0.45, 0.55, 0.65]);
});

test("should move a corridor's label to the first spot along its route that covers the least of the glyphs and names", () => {
  const frame = { left: 0, top: 0, right: 390, bottom: 844 };
  const glyph = { left: 90, top: 90, right: 110, bottom: 110 };  // a glyph at (100, 100)
  const points = [{ x: 100, y: 100 }, { x: 100, y: 150 }, { x: 100, y: 200 }];
  // a 60 × 20 label on the first point covers all 400 px² of the glyph; on the second, none: the second wins
  assert.equal(flows.spotAlong(points, 60, 20, [glyph], frame), 1);
  assert.equal(flows.covered({ left: 70, top: 90, right: 130, bottom: 110 }, [glyph, glyph]), 800);
  assert.equal(flows.spotAlong(points, 60, 20, [], frame), 0);  // nothing in the way: its own spot
  // a spot whose label would leave the map comes after every spot inside it, however crowded
  assert.equal(flows.spotAlong([{ x: 10, y: 300 }, { x: 100, y: 100 }], 60, 20, [glyph], frame), 1);
});

test("visibleSpots gives the points along a route's part in view where a whole label fits", () => {
  const frame = { left: 0, top: 0, right: 200, bottom: 100 };
  // a route from far outside the view (x = -400) to its middle: only the spots where a 40 × 20 label fits inside
  const spots = flows.visibleSpots([{ x: -400, y: 50 }, { x: 100, y: 50 }], 40, 20, frame, 50);
  assert.deepEqual(spots.map((p) => p.x), [50, 100]);  // every 50 px from x = -400: -400, -350, … 50, 100
  assert.deepEqual(flows.visibleSpots([{ x: -400, y: 50 }, { x: -100, y: 50 }], 40, 20, frame, 50), []);
});

test("should call a label crowded when glyphs, names or labels cover more than a tenth of its box", () => {
  const glyph = { left: 90, top: 90, right: 110, bottom: 110 };  // 400 px² at (100, 100)
  // a 200 × 20 label (4,000 px²) centred on the glyph: 400 px² covered, a tenth exactly, not more: not crowded
  assert.equal(flows.crowded({ x: 100, y: 100 }, { width: 200, height: 20 }, [glyph]), false);
  // a 100 × 20 label (2,000 px²) there: a fifth covered, crowded
  assert.equal(flows.crowded({ x: 100, y: 100 }, { width: 100, height: 20 }, [glyph]), true);
  // beside it, nothing covered
  assert.equal(flows.crowded({ x: 300, y: 100 }, { width: 100, height: 20 }, [glyph]), false);
});
