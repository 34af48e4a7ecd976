// node --test geo/map/js/  — what each step of the playback (playback.js) shows, and which steps it plays.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const playback = createRequire(import.meta.url)("./playback.js");

// Four steps of 10 ms; events as [.., .., .., start, end]; one corridor in use at the instant 21.
const data = {
  kind: "events",
  steps: { day: { starts: [0, 10, 20, 30], ends: [10, 20, 30, 40] } },
  events: [[0, 0, "a", 2, 5], [0, 0, "b", 12, 12], [0, 0, "c", 3, 25]],
  corridors: [[[], 21, 21, "#d00", "route"]],
};

test("should show the events within each step, and count those before its end", () => {
  const window = { step: "day", mode: "window" };
  assert.deepEqual(playback.stepCells(data, window, 0), { active: 2, sofar: 2, items: [[0, 1], [2, 1]], routes: [] });
  assert.deepEqual(playback.stepCells(data, window, 1), { active: 2, sofar: 3, items: [[1, 1], [2, 1]], routes: [] });
  assert.deepEqual(playback.stepCells(data, window, 2), { active: 1, sofar: 3, items: [[2, 1]], routes: [0] });
});

test("should keep the earlier events, faded, in cumulative mode", () => {
  const cumulative = { step: "day", mode: "cumulative" };
  assert.deepEqual(playback.stepCells(data, cumulative, 1).items, [[0, 0], [1, 1], [2, 1]]);
});

test("should play every step, or skip those with no event and no corridor in use", () => {
  assert.deepEqual(playback.stepOrder(data, { step: "day", mode: "window", skip: false }), [0, 1, 2, 3]);
  assert.deepEqual(playback.stepOrder(data, { step: "day", mode: "window", skip: true }), [0, 1, 2]);
  assert.deepEqual(playback.stepOrder(data, { step: "hour", mode: "window", skip: false }), []);  // no such table
});
