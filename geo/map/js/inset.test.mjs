// node --test geo/map/js/  — the inset's layout (inset.js): how far its names keep from glyphs, and its free room.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const inset = createRequire(import.meta.url)("./inset.js");
const box = (left, top, right, bottom) => ({ left, top, right, bottom });

test("should keep a name 5 px from its place where no glyph is near", () => {
  assert.equal(inset.reach({ x: 100, y: 100 }, []), 5);
  assert.equal(inset.reach({ x: 100, y: 100 }, [box(200, 200, 220, 220)]), 5);  // 100 px away: not near
});

test("should push a name beyond the fan of glyphs around its place", () => {
  // the fan spans 80..130 × 90..110 around (100, 100): its farthest edge is 30 px away, and 3 px more
  assert.equal(inset.reach({ x: 100, y: 100 }, [box(80, 90, 130, 110)]), 33);
});

test("should leave the inset whole where no other control covers it", () => {
  const free = box(800, 400, 1000, 550);
  assert.deepEqual(inset.uncovered(free, [box(0, 0, 100, 100), box(600, 400, 790, 550)]), free);
});

test("should take a title box over the inset's top off its top, and a bar over its bottom off its bottom", () => {
  // middle at 475: the title reaches down to 430 (above the middle), the bar starts at 520 (below it)
  const free = box(800, 400, 1000, 550);
  assert.deepEqual(inset.uncovered(free, [box(700, 10, 1000, 430), box(850, 520, 1000, 600)]),
                   box(800, 430, 1000, 520));
});

test("should give the box around glyphs from the room's corner, and none for no glyphs", () => {
  assert.equal(inset.around([], box(10, 20, 0, 0)), null);
  assert.deepEqual(inset.around([box(30, 40, 50, 60), box(15, 55, 25, 90)], box(10, 20, 0, 0)), [5, 20, 40, 70]);
});

test("should draw fans too big for the room smaller, never below the least scale", () => {
  // fans 200 × 100 in a room 100 × 100 with a 6 px margin: room (100 - 12) / 200 = 0.44, × 0.95 = 0.418
  assert.equal(inset.shrunk([0, 0, 200, 100], { x: 100, y: 100 }, 6, 1, 0.3), 0.44 * 0.95);
  assert.equal(inset.shrunk([0, 0, 200, 100], { x: 100, y: 100 }, 6, 1, 0.5), 0.5);
  assert.equal(inset.shrunk([0, 0, 50, 50], { x: 100, y: 100 }, 6, 1, 0.5), null);  // it fits
});
