// node --test geo/map/js/  — where labels.js puts a place's name.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const labels = createRequire(import.meta.url)("./labels.js");
const FRAME = { left: 0, top: 0, right: 400, bottom: 300 };

test("should put a name right of its place's glyphs when nothing is there", () => {
  const chosen = labels.choose({ x: 100, y: 100 }, 60, 14, 20, [], FRAME, false);
  assert.deepEqual(chosen.offset, [20, -7]);
  assert.deepEqual(chosen.box, { left: 120, top: 93, right: 180, bottom: 107 });
});

test("should try left, below and above in turn, and give way when all are taken", () => {
  const right = { left: 115, top: 90, right: 200, bottom: 110 };
  assert.deepEqual(labels.choose({ x: 100, y: 100 }, 60, 14, 20, [right], FRAME, false).offset, [-80, -7]);
  const left = { left: 0, top: 90, right: 95, bottom: 110 };
  assert.deepEqual(labels.choose({ x: 100, y: 100 }, 60, 14, 20, [right, left], FRAME, false).offset, [-30, 20]);
  const around = { left: 0, top: 0, right: 400, bottom: 300 };
  assert.equal(labels.choose({ x: 100, y: 100 }, 60, 14, 20, [around], FRAME, false), null);
});

test("should keep a kept name on the map even where every spot is taken", () => {
  const around = { left: 0, top: 0, right: 400, bottom: 300 };
  // at the right edge: the right spot would leave the map, so the first spot inside it, the left one
  const chosen = labels.choose({ x: 380, y: 100 }, 60, 14, 20, [around], FRAME, true);
  assert.deepEqual(chosen.offset, [-80, -7]);
});

test("should put a map's name right beside its point when nothing is there", () => {
  const chosen = labels.place({ x: 100, y: 100 }, 60, 14, 40, [], FRAME, false, []);
  assert.deepEqual(chosen.offset, [labels.NEAR, -7]);
  assert.equal(chosen.leader, false);
  assert.equal(labels.distance(chosen.box, { x: 100, y: 100 }), labels.NEAR);
});

test("should put a name beyond its place's glyphs, with a leader line, where they fill the spots beside it", () => {
  const glyphs = { left: 60, top: 60, right: 140, bottom: 140 };  // the fan: 40 px around the point
  const chosen = labels.place({ x: 100, y: 100 }, 60, 14, 40, [glyphs], FRAME, false, []);
  assert.deepEqual(chosen.offset, [46, -7]);  // the first ring clear of the fan: NEAR + 2 RING
  assert.equal(chosen.leader, true);
  assert.deepEqual(labels.leader(chosen.box, { x: 100, y: 100 }), [46, 0]);
});

test("should never put a name nearer another named place's point than its own", () => {
  // another place 30 px east: the name right of the point would cover that point, so it goes left
  const other = { x: 130, y: 100 };
  const chosen = labels.place({ x: 100, y: 100 }, 60, 14, 0, [], FRAME, false, [other]);
  assert.deepEqual(chosen.offset, [-labels.NEAR - 60, -7]);
  assert.ok(labels.distance(chosen.box, other) > labels.distance(chosen.box, { x: 100, y: 100 }));
  // ringed by named places 10 px off on every side: no spot is nearer its own point, so it gives way, kept or not
  const ring = [[10, 0], [-10, 0], [0, 10], [0, -10], [7, 7], [-7, 7], [7, -7], [-7, -7]].map(([x, y]) => ({ x: 100 + x, y: 100 + y }));
  assert.equal(labels.place({ x: 100, y: 100 }, 60, 14, 0, [], FRAME, true, ring), null);
});

test("should keep a kept name beside its point over a glyph where every spot is taken", () => {
  const around = { left: 0, top: 0, right: 400, bottom: 300 };
  const chosen = labels.place({ x: 100, y: 100 }, 60, 14, 40, [around], FRAME, true, []);
  assert.deepEqual(chosen.offset, [labels.NEAR, -7]);
  assert.equal(labels.place({ x: 100, y: 100 }, 60, 14, 40, [around], FRAME, false, []), null);
});

test("should measure a point's distance to a box's nearest edge", () => {
  const box = { left: 10, top: 10, right: 20, bottom: 20 };
  assert.equal(labels.distance(box, { x: 15, y: 15 }), 0);
  assert.equal(labels.distance(box, { x: 23, y: 24 }), 5);
});

test("should put a name beyond its glyphs on the side that keeps the east-west order of the names placed", () => {
  const glyphs = { left: 160, top: 60, right: 240, bottom: 140 };  // the fan: 40 px around (200, 100)
  // a name already placed, of a place 100 px west: right of the glyphs would keep the order, and comes first anyway
  const west = { at: { x: 100, y: 100 }, box: { left: 114, top: 93, right: 150, bottom: 107 } };
  assert.deepEqual(labels.place({ x: 200, y: 100 }, 60, 14, 40, [glyphs], FRAME, false, [], [west]).offset, [46, -7]);
  // a name of a place 100 px east: the left side, wholly west of it, first
  const east = { at: { x: 300, y: 100 }, box: { left: 314, top: 93, right: 350, bottom: 107 } };
  const chosen = labels.place({ x: 200, y: 100 }, 60, 14, 40, [glyphs, east.box], FRAME, false, [], [east]);
  assert.equal(labels.inversions({ x: 200, y: 100 }, chosen.box, [east]), 0);
  assert.equal(labels.inversions({ x: 200, y: 100 }, { left: 360, top: 93, right: 400, bottom: 107 }, [east]), 1);
});

test("a name stands beside its point when another place has the very same point", () => {
  // two places given one point (a peninsula placed at its town's point): neither is nearer the other's point
  const chosen = labels.place({ x: 100, y: 100 }, 60, 14, 0, [], FRAME, true, [{ x: 100, y: 100 }]);
  assert.notEqual(chosen, null);
  assert.ok(labels.distance(chosen.box, { x: 100, y: 100 }) <= labels.NEAR + 1);
  // a place one pixel away or more is still another place
  assert.equal(labels.place({ x: 100, y: 100 }, 60, 14, 0, [], FRAME, false,
                            [{ x: 100, y: 98 }, { x: 102, y: 100 }, { x: 100, y: 102 }, { x: 98, y: 100 }]), null);
});
