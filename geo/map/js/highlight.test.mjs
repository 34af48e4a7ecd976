// node --test geo/map/js/  — which glyphs the selected event's highlight (highlight.js) marks.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const highlight = createRequire(import.meta.url)("./highlight.js");

test("should mark the glyph of the event itself", () => {
  assert.equal(highlight.names(null, "e012", "e012"), true);
  assert.equal(highlight.names(null, "e0123", "e012"), false);  // a longer id is another event
});

test("should mark a badge naming the event among several", () => {
  assert.equal(highlight.names("e003 e012 e020", null, "e012"), true);
  assert.equal(highlight.names("e003 e020", "e012", "e012"), false);  // a badge's own list decides
});

test("should mark nothing that names no event", () => {
  assert.equal(highlight.names(null, null, "e012"), false);
});
