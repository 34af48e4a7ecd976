// node --test panels/  — what the page's listener (map_channel.mjs) passes on to Python.
import { test } from "node:test";
import assert from "node:assert/strict";
import { accepted } from "./map_channel.mjs";

const OWN = "http://localhost:8501";

test("should pass on evacmap's messages from the page's own origin", () => {
  assert.deepEqual(accepted(OWN, OWN, { evacmap: 1, kind: "drawn" }), { evacmap: 1, kind: "drawn" });
  assert.deepEqual(accepted(OWN, OWN, { evacmap: 1, kind: "picked-event", event: "e014" }),
    { evacmap: 1, kind: "picked-event", event: "e014" });
});

test("should drop messages from another origin, other messages and fields that are not text", () => {
  assert.equal(accepted("https://elsewhere.example", OWN, { evacmap: 1, kind: "drawn" }), null);
  assert.equal(accepted("null", OWN, { evacmap: 1, kind: "drawn" }), null);
  assert.equal(accepted(OWN, OWN, { isStreamlitMessage: true, type: "streamlit:setFrameHeight" }), null);
  assert.equal(accepted(OWN, OWN, { evacmap: 2, kind: "drawn" }), null);
  assert.equal(accepted(OWN, OWN, "evacmap map drawn"), null);
  assert.equal(accepted(OWN, OWN, [1]), null);
  assert.equal(accepted(OWN, OWN, { evacmap: 1, kind: "picked-event", event: { id: "e014" } }), null);
});
