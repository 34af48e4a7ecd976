// node --test geo/map/js/  — the messages channel.js sends from the map to its page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const channel = createRequire(import.meta.url)("./channel.js");

test("should build each kind of message with its own fields and evacmap's mark", () => {
  assert.deepEqual(channel.message("drawn"), { evacmap: 1, kind: "drawn" });
  assert.deepEqual(channel.message("stopped", { start: "2016-12-14T22:00:00+00:00", end: "2016-12-15T22:00:00+00:00" }),
    { evacmap: 1, kind: "stopped", start: "2016-12-14T22:00:00+00:00", end: "2016-12-15T22:00:00+00:00" });
  assert.deepEqual(channel.message("picked-event", { event: "e014" }), { evacmap: 1, kind: "picked-event", event: "e014" });
  assert.deepEqual(channel.message("picked-place", { place: "foua" }), { evacmap: 1, kind: "picked-place", place: "foua" });
});

test("should build no message of an unknown kind, with a field missing, empty or not its own", () => {
  assert.equal(channel.message("report"), null);
  assert.equal(channel.message("toString"), null);
  assert.equal(channel.message("stopped", { start: "2016-12-14T22:00:00+00:00" }), null);
  assert.equal(channel.message("picked-event", { event: "" }), null);
  assert.equal(channel.message("picked-event", { event: 14 }), null);
  assert.equal(channel.message("picked-place", { place: "foua", event: "e014" }), null);
});

test("should send nothing where there is no window (a message that cannot be built is not sent either)", () => {
  assert.equal(channel.send("drawn"), false);
  assert.equal(channel.send("nonsense"), false);
});

function element(attributes, child) {  // the little of a DOM element pickOf reads
  return {
    matches: (selector) => selector.split(", ").some((s) => s.slice(1, -1) in attributes),
    querySelector: (selector) => (child && child.matches(selector) ? child : null),
    getAttribute: (name) => (name in attributes ? attributes[name] : null),
  };
}

test("should read a pick from the event or place a marker's element names, and none from other markers", () => {
  assert.deepEqual(channel.pickOf(element({}, element({ "data-event-id": "e014" }))), ["picked-event", { event: "e014" }]);
  assert.deepEqual(channel.pickOf(element({ "data-place-id": "foua" })), ["picked-place", { place: "foua" }]);
  assert.equal(channel.pickOf(element({}, null)), null);
  assert.equal(channel.pickOf(null), null);
});
