// node --test geo/map/js/  — how the "Who held what" layer (holders.js) draws a held place.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const holders = createRequire(import.meta.url)("./holders.js");

test("should tint a place held to the window's end in its holder's colour, edge solid, in the layer's own pane", () => {
  const look = holders.look("#d63e2a", true);
  assert.equal(look.fillColor, "#d63e2a");
  assert.equal(look.color, "#d63e2a");
  assert.equal(look.dashArray, null);
  assert.equal(look.pane, holders.PANE);
  assert.ok(look.fillOpacity > 0 && look.fillOpacity <= 0.25, "translucent, so the tiles and glyphs show through");
});

test("should dash the edge of a place no holder is known for at the window's end", () => {
  const look = holders.look("#72b026", false);
  assert.equal(look.fillColor, "#72b026");
  assert.ok(look.dashArray, "a dashed edge");
});

test("should open the legend on a wide map and keep it folded on a phone's", () => {
  assert.equal(holders.opens(1070, 900), true);
  assert.equal(holders.opens(390, 900), false);
});

test("should draw a place its own precision radius where that is wider than the least a disc shows", () => {
  assert.equal(holders.shownRadius(6000, 36.2, 13, holders.MIN_PX), 6000);  // 6 km at zoom 13: about 400 px
});

test("should draw a small place at least MIN_PX wide on a map of the region", () => {
  // at zoom 7, a pixel at 36.2° N is 40,075,016.686 m × cos(36.2°) / 2^15 = 986.9 m
  const shown = holders.shownRadius(1500, 36.2, 7, 14);
  assert.ok(Math.abs(shown - 14 * 986.9) < 10, String(shown));
});
