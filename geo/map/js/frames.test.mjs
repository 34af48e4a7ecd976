// node --test geo/map/js/  — which glyphs a frame of the playback export does not show whole (frames.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const frames = createRequire(import.meta.url)("./frames.js");
const FRAME = { left: 0, top: 0, right: 640, bottom: 400 };
const at = (id, left, top) => ({ id, box: { left, top, right: left + 26, bottom: top + 26 } });

test("should keep a glyph seen whole and clear of the controls in the main map", () => {
  assert.deepEqual(frames.unseen([at("e1", 100, 100)], FRAME, [{ left: 400, top: 200, right: 640, bottom: 400 }]), []);
});

test("should leave to the inset a glyph outside the frame or cut by its edge", () => {
  assert.deepEqual(frames.unseen([at("e1", 700, 100), at("e2", -10, 100), at("e3", 100, 390)], FRAME, []),
                   ["e1", "e2", "e3"]);
});

test("should leave to the inset a glyph under a control, once however many of its glyphs are", () => {
  const legend = { left: 400, top: 200, right: 640, bottom: 400 };
  assert.deepEqual(frames.unseen([at("e1", 390, 190), at("e1", 500, 300), at("e2", 300, 190)], FRAME, [legend]), ["e1"]);
});
