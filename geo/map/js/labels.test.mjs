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
