// node --test geo/map/js/  — the padding fit.js opens a map's opening view within.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const fit = createRequire(import.meta.url)("./fit.js");
const NONE = { any: false, wide: 0, tall: 0 };

test("should keep the least padding when no column reaches past it", () => {
  assert.deepEqual(fit.padding({ x: 1000, y: 600 }, [30, 50, 30, 110], NONE, NONE), [30, 50, 30, 110]);
});

test("should keep clear of a tall bottom-right column beside it on a wide map", () => {
  // beside: (1440 - 30 - 330) × (900 - 50 - 110) = 799,200; below: (1440 - 60) × (900 - 50 - 600) = 345,000
  const low = { any: true, wide: 330, tall: 600 };
  assert.deepEqual(fit.padding({ x: 1440, y: 900 }, [30, 50, 30, 110], low, NONE), [30, 50, 330, 110]);
});

test("should keep clear of a short wide bottom column above it on a phone", () => {
  // beside: (390 - 30 - 300) × (844 - 50 - 110) = 41,040; below: (390 - 60) × (844 - 50 - 160) = 209,220
  const low = { any: true, wide: 300, tall: 160 };
  assert.deepEqual(fit.padding({ x: 390, y: 844 }, [30, 50, 30, 110], low, NONE), [30, 50, 30, 160]);
});

test("should open on the reader's view kept a moment ago, and on no other", () => {
  const now = 1_000_000;
  const stored = (view) => JSON.stringify(view);
  assert.deepEqual(fit.kept(stored({ center: [36.2, 37.1], zoom: 13, at: now - 5000 }), now),
                   { center: [36.2, 37.1], zoom: 13 });
  assert.equal(fit.kept(stored({ center: [36.2, 37.1], zoom: 13, at: now - fit.KEPT_MS - 1 }), now), null);  // stale
  assert.equal(fit.kept(stored({ center: [36.2], zoom: 13, at: now }), now), null);
  assert.equal(fit.kept(stored({ center: [36.2, 37.1], zoom: "13", at: now }), now), null);
  assert.equal(fit.kept("{not json", now), null);
  assert.equal(fit.kept(null, now), null);
});
