// node --test geo/map/js/  — the dots of a place's count marker and of a cluster of places (places.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const places = createRequire(import.meta.url)("./places.js");

test("should draw a dot in each colour given, in order", () => {
  assert.equal(places.dotsOf(["#d00", "#00d"]), '<i style="background:#d00"></i><i style="background:#00d"></i>');
  assert.equal(places.dotsOf([]), "");
});

test("should give a cluster each of its places' colours once, in the order met", () => {
  assert.deepEqual(places.clusterColours([["#d00", "#0a0"], ["#0a0", "#00d"], []]), ["#d00", "#0a0", "#00d"]);
});
