// node --test geo/map/js/  — the map's small controls (controls.js): the boxes' fold, a stopped step shown in place.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const controls = createRequire(import.meta.url)("./controls.js");

test("should open a box's folded part on a wide map and keep it folded on a narrow one", () => {
  assert.equal(controls.folded(1200, 700), true);
  assert.equal(controls.folded(700, 700), true);
  assert.equal(controls.folded(390, 700), false);
});

function fakes() {
  const on = {}, calls = [];
  let playing = false;
  const playback = { playing: () => playing, at: (end) => calls.push(["at", end]), reset: () => calls.push(["reset"]) };
  const map = { getContainer: () => ({ evacmapPlayback: playback }) };
  const group = { _map: map, on: (kind, f) => { on[kind] = f; } };
  return { on, calls, group, play: () => { playing = true; } };
}

test("should show a stopped step once, and the whole window again a moment after its layer is taken off", async () => {
  const { on, calls, group } = fakes();
  controls.stoppedStep(group, "2016-12-16T00:00:00+02:00");
  on.add();
  on.add();  // the same step added again: left as the reader has it
  assert.deepEqual(calls, [["at", "2016-12-16T00:00:00+02:00"]]);
  on.remove();
  await new Promise((done) => setTimeout(done, 80));
  assert.deepEqual(calls, [["at", "2016-12-16T00:00:00+02:00"], ["reset"]]);
});

test("should leave a playing playback alone", async () => {
  const { on, calls, group, play } = fakes();
  play();
  controls.stoppedStep(group, "2016-12-17T00:00:00+02:00");
  on.add();
  on.remove();
  await new Promise((done) => setTimeout(done, 80));
  assert.deepEqual(calls, []);
});
