// node --test panels/  — what the page's listener (map_channel.mjs) passes on to Python.
import { test } from "node:test";
import assert from "node:assert/strict";
import { accepted } from "./map_channel.mjs";

const OWN = "http://localhost:8501";
const MAP = { name: "the map's frame" };
const FRAMES = [{ name: "another frame" }, MAP];

function ours(origin, data, source = MAP) { return accepted(origin, OWN, data, source, FRAMES); }

test("should pass on evacmap's messages from the page's own origin", () => {
  assert.deepEqual(ours(OWN, { evacmap: 1, kind: "drawn" }), { evacmap: 1, kind: "drawn" });
  assert.deepEqual(ours(OWN, { evacmap: 1, kind: "picked-event", event: "e014" }),
    { evacmap: 1, kind: "picked-event", event: "e014" });
});

test("should drop messages from another origin, other messages and fields that are not text", () => {
  assert.equal(ours("https://elsewhere.example", { evacmap: 1, kind: "drawn" }), null);
  assert.equal(ours("null", { evacmap: 1, kind: "drawn" }), null);
  assert.equal(ours(OWN, { isStreamlitMessage: true, type: "streamlit:setFrameHeight" }), null);
  assert.equal(ours(OWN, { evacmap: 2, kind: "drawn" }), null);
  assert.equal(ours(OWN, "evacmap map drawn"), null);
  assert.equal(ours(OWN, [1]), null);
  assert.equal(ours(OWN, { evacmap: 1, kind: "picked-event", event: { id: "e014" } }), null);
});

test("should drop messages of the page's origin sent by a window that is not one of its frames", () => {
  const drawn = { evacmap: 1, kind: "drawn" };
  assert.deepEqual(ours(OWN, drawn, FRAMES[0]), drawn);
  assert.equal(ours(OWN, drawn, { name: "a window the page opened" }), null);
  assert.equal(ours(OWN, drawn, null), null);
  assert.equal(accepted(OWN, OWN, drawn, undefined, FRAMES), null);
  assert.equal(accepted(OWN, OWN, drawn, MAP, []), null);
});
