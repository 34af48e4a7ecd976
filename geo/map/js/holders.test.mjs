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
