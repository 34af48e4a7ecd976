// node --test geo/map/js/  — the pure layout of glyphs.js: no glyph covers another, gravest first, stable.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const glyphs = createRequire(import.meta.url)("./glyphs.js");

function clear(items, offsets) {
  for (let a = 0; a < items.length; a++) {
    for (let b = a + 1; b < items.length; b++) {
      const dx = items[a].x + offsets[a][0] - items[b].x - offsets[b][0];
      const dy = items[a].y + offsets[a][1] - items[b].y - offsets[b][1];
      if (Math.hypot(dx, dy) < items[a].r + items[b].r + glyphs.GAP) { return [a, b]; }
    }
  }
  return null;
}

test("should leave a lone glyph on its point", () => {
  assert.deepEqual(glyphs.layout([{ x: 10, y: 20, r: 13 }]), [[0, 0]]);
});

test("should fan five glyphs at one point so that none covers another", () => {
  const items = Array.from({ length: 5 }, () => ({ x: 100, y: 100, r: 13 }));
  const offsets = glyphs.layout(items);
  assert.equal(clear(items, offsets), null);
  assert.deepEqual(offsets[0], [0, 0]);
  assert.deepEqual(offsets[1], [0, -29]);  // the first ring starts at the top, a glyph (2 × 13 + 2 px) and 1 px away
  assert.deepEqual(offsets.slice(2), [[25, -14], [25, 14], [0, 29]]);  // and holds its glyphs side by side, clockwise
});

test("should fan two places' glyphs out on their own sides, away from each other", () => {
  // A at (100, 100), B 40 px below it, three glyphs each (r 13: slots 28 + 1 px apart), A's first. Ring 1 (29 px
  // out): (0, -29), (25, -14), (25, 14), (0, 29), (-25, 14), (-25, -14). Room enough is 1.41 × 29 = 41 px from
  // the other point. A's (0, 29) lies 11 px from B's point, nearer B: it waits two rings. (0, -29), (25, -14),
  // (-25, -14) have room enough (69, 60, 60 px from B) and come first, in the spiral's order; (25, 14) and
  // (-25, 14) (36 px) after. So A's glyphs: (0, 0), (0, -29), (25, -14). B's ring is A's mirrored: (25, 14),
  // (0, 29), (-25, 14) first; (25, 14) is 28.7 px from B's first glyph, far enough: B's are (0, 0), (25, 14),
  // (0, 29). Without the order, B's second would take (25, -14), toward A.
  // The spiral alone (before the extra pixel) put A's third glyph at (0, 28), 12 px from B's point, and B's at
  // (24, 14), (-24, 14), (28, -48), 29 px from A's point and 56 px from B's.
  const items = [0, 0, 0, 40, 40, 40].map((dy) => ({ x: 100, y: 100 + dy, r: 13 }));
  assert.deepEqual(glyphs.layout(items), [[0, 0], [0, -29], [25, -14], [0, 0], [25, 14], [0, 29]]);
});

test("should fan glyphs out in from the map's edge and away from its controls", () => {
  // ring 1 around the point: (0, -29), (25, -14), (25, 14), (0, 29), (-25, 14), (-25, -14)
  const three = (x, y) => Array.from({ length: 3 }, () => ({ x, y, r: 13 }));
  const frame = { left: 0, top: 0, right: 400, bottom: 300 };
  // 20 px below the top edge: (0, -29), (25, -14), (-25, -14) would put a glyph (r 13) centred at y -9 or 6, over it
  assert.deepEqual(glyphs.layout(three(100, 20)), [[0, 0], [0, -29], [25, -14]]);  // with no view given
  assert.deepEqual(glyphs.layout(three(100, 20), null, { frame, covers: [] }), [[0, 0], [25, 14], [0, 29]]);
  // a control from 20 to 50 px above the point: a glyph at (0, -29) or (25, -14) would reach under it
  const control = { left: 60, top: 100, right: 140, bottom: 130 };
  assert.deepEqual(glyphs.layout(three(100, 150), null, { frame, covers: [control] }), [[0, 0], [25, 14], [0, 29]]);
});

test("should keep 31 glyphs over a few close points apart", () => {
  const items = Array.from({ length: 31 }, (_, i) => ({ x: 200 + (i % 4) * 6, y: 200 + (i % 3) * 5, r: i === 0 ? 17 : 13 }));
  assert.equal(clear(items, glyphs.layout(items)), null);
});

test("should give the same offsets for the same glyphs", () => {
  const items = Array.from({ length: 12 }, (_, i) => ({ x: i * 3, y: 0, r: 13 }));
  assert.deepEqual(glyphs.layout(items), glyphs.layout(items));
});

test("should let the gravest events claim room first, the rest in their order", () => {
  const rows = [{ grave: false }, { grave: true }, { grave: false }, { grave: true }];
  assert.deepEqual(glyphs.order(rows), [1, 3, 0, 2]);
});

test("should tell how far each place's glyphs reach", () => {
  const reach = glyphs.reach([{ place: "a" }, { place: "a" }, { place: "b" }], [[0, 0], [0, -28], [0, 0]], [13, 13, 17]);
  assert.deepEqual(reach, { a: 41, b: 17 });
});

test("should keep 300 glyphs at one point apart (the most the map draws one by one)", () => {
  const items = Array.from({ length: 300 }, (_, i) => ({ x: 500, y: 400, r: i < 3 ? 17 : 13 }));
  assert.equal(clear(items, glyphs.layout(items)), null);
});

test("should keep a popup below the top controls and left of the right-hand column on a wide map", () => {
  const boxes = { topleft: [[10, 10, 44, 80]], topright: [[1120, 10, 1430, 110], [1380, 120, 1430, 160]],
    bottomleft: [[10, 820, 70, 850], [5, 860, 90, 890]], bottomright: [[1110, 360, 1430, 560], [1100, 570, 1430, 860]] };
  // top: the layers button under the title (160) + 8; left: the zoom (44) + 8; right: 1440 - 1100 + 8; bottom: 900 - 820 + 8
  assert.deepEqual(glyphs.popupPadding({ x: 1440, y: 900 }, boxes, 900, 8), [[52, 168], [348, 88]]);
});

test("should keep a popup between the top and bottom controls on a phone", () => {
  const boxes = { topleft: [[10, 10, 44, 80]], topright: [[60, 10, 380, 100]], bottomleft: [[10, 690, 268, 790]],
    bottomright: [[340, 740, 380, 780], [290, 790, 380, 820]] };
  // top: 100 + 8; bottom: 844 - 690 + 8 (the playback bar reaches highest); sides: the margin only
  assert.deepEqual(glyphs.popupPadding({ x: 390, y: 844 }, boxes, 900, 8), [[8, 108], [8, 162]]);
});

test("should move a fan that spills over the map's edge back inside, and leave one that fits or cannot", () => {
  assert.deepEqual(glyphs.fitInside([300, 100, 420, 200], { x: 390, y: 844 }, 8), [-38, 0]);  // 420 + 8 - 390 over
  assert.deepEqual(glyphs.fitInside([20, 100, 200, 200], { x: 390, y: 844 }, 8), [0, 0]);
  assert.deepEqual(glyphs.fitInside([-50, 100, 400, 200], { x: 390, y: 844 }, 8), [0, 0]);  // wider than the map
});

test("should open a popup where no details show beside the map, and none where they do", () => {
  assert.equal(glyphs.popupOpens(null, 796), true);  // a map opened on its own
  assert.equal(glyphs.popupOpens(358, 796), true);  // a phone: the details wrap under the map
  assert.equal(glyphs.popupOpens(795, 796), true);
  assert.equal(glyphs.popupOpens(796, 796), false);
  assert.equal(glyphs.popupOpens(1108, 796), false);  // 1440 px beside the sidebar
});

test("should measure the row that holds the map's frame, or none", () => {
  const row = { getBoundingClientRect: () => ({ width: 1108 }) };
  const frame = { closest: (selector) => (selector === ".st-key-map_row" ? row : null) };
  assert.equal(glyphs.rowWidth(frame, ".st-key-map_row"), 1108);
  assert.equal(glyphs.rowWidth(frame, ".elsewhere"), null);
  assert.equal(glyphs.rowWidth(null, ".st-key-map_row"), null);
});

test("should tell whether a box of fans can lie inside the map, margins kept", () => {
  assert.equal(glyphs.fits([0, 0, 342, 100], { x: 358, y: 560 }, 8), true);
  assert.equal(glyphs.fits([0, 0, 343, 100], { x: 358, y: 560 }, 8), false);
  assert.equal(glyphs.fits([-50, 10, 100, 555], { x: 358, y: 560 }, 8), false);
});

test("should badge a place of three glyphs or more whose fan reaches past another place's point", () => {
  const places = {
    city: { x: 100, y: 100, count: 34, reach: 140 },
    west: { x: 150, y: 100, count: 2, reach: 30 },  // too few to badge, however crowded
    town: { x: 400, y: 100, count: 5, reach: 60 },  // its fan stays short of the city's point, 300 px off
  };
  assert.deepEqual(glyphs.badged(places, {}), { city: true });
  assert.deepEqual(glyphs.badged(places, { city: true }), {});  // clicked open: it fans out
});

test("should give a badge its count, a mark per event type with the gravest first, and its events' ids", () => {
  const html = glyphs.badgeHtml([
    { id: "e1", colour: "#111", grave: false }, { id: "e2", colour: "#d63e2a", grave: true },
    { id: "e3", colour: "#111", grave: false },
  ]);
  assert.match(html, /data-event-ids="e1 e2 e3"/);
  assert.match(html, /<b>3<\/b>/);
  assert.ok(html.indexOf("#d63e2a") < html.indexOf("#111"));
  assert.match(html, /evacmap-badge evacmap-grave/);
});

test("should keep a popup within its size, and leave room around it on a small map", () => {
  assert.deepEqual(glyphs.popupSize({ x: 1200, y: 800 }, 290, 290), { maxWidth: 290, maxHeight: 290 });
  // a phone 390 × 600: 390 - 70 = 320 wide (more than 290), 600 - 140 = 460 high
  assert.deepEqual(glyphs.popupSize({ x: 390, y: 600 }, 290, 290), { maxWidth: 290, maxHeight: 290 });
  // a small map 300 × 300: 230 wide, 160 high; never under 120
  assert.deepEqual(glyphs.popupSize({ x: 300, y: 300 }, 290, 290), { maxWidth: 230, maxHeight: 160 });
  assert.deepEqual(glyphs.popupSize({ x: 100, y: 100 }, 290, 290), { maxWidth: 120, maxHeight: 120 });
});

test("should keep a popup on a phone's map to a quarter of the map, and leave a laptop's at its own size", () => {
  // 390 x 600: 290 px wide (the popup's own cap, under 390 - 70); the whole popup 290 + 44 = 334 px wide, so at most
  // 0.25 x 390 x 600 / 334 = 175 px tall, 175 - 46 = 129 px of content.
  assert.deepEqual(glyphs.popupRoom({ x: 390, y: 600 }, 290, 290, 0.25, [44, 46]), [290, 129]);
  assert.ok(334 * (129 + 46) <= 0.25 * 390 * 600);
  assert.deepEqual(glyphs.popupRoom({ x: 1440, y: 900 }, 290, 290, 0.25, [44, 46]), [290, 290]);
  // a tiny map: never under 80 px either way (the content scrolls)
  assert.deepEqual(glyphs.popupRoom({ x: 120, y: 100 }, 290, 290, 0.25, [44, 46]), [80, 80]);
});
