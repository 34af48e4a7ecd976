/* The frames of the playback export (geo/export/animation.py says why): once a step is shown, each event it holds
 * is a glyph seen whole, in the main map or else in the overview inset. unseen() is pure; open() and step() work on
 * a map with its inset (geo/map/inset.py's evacmapShow). Loaded as a plain script (window.evacmapFrames) or as a
 * CommonJS module (node --test).
 */
(function (root) {
  "use strict";

  var NAMES_Z = -100000;  // below every glyph of the marker pane (a glyph's z-index is its pixel row, plus up to 6000)

  function overlaps(a, b) { return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom; }

  // The ids of the glyphs ({id, box}) not lying whole inside `frame` or touching one of `covers` (boxes, all as
  // {left, top, right, bottom}), in the order given, once each.
  function unseen(glyphs, frame, covers) {
    var out = [];
    glyphs.forEach(function (g) {
      var b = g.box, whole = b.left >= frame.left && b.right <= frame.right && b.top >= frame.top && b.bottom <= frame.bottom;
      if ((!whole || covers.some(function (c) { return overlaps(b, c); })) && out.indexOf(g.id) < 0) { out.push(g.id); }
    });
    return out;
  }

  function box(el) {
    var r = el.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
  }

  // Unfold the map's inset where it opened folded (a narrow map): a frame may draw in it. True when it did.
  function open(map) {
    var inset = map.evacmapInset;
    if (!inset || !inset._minimized) { return false; }
    inset._restore();
    return true;
  }

  // After a step is shown: the main map's place names go under its glyphs (a name may run into a glyph fanned out
  // from a neighbouring place); returns the ids of the glyphs not seen whole there, clear of its controls (title,
  // legend, inset, playback...), which the inset then draws from `rows` (glyph rows by event id).
  function step(map, rows) {
    var container = map.getContainer(), inset = map.evacmapInset, within = inset ? inset.getContainer() : null;
    [].slice.call(container.querySelectorAll(".leaflet-marker-icon.evacmap-label")).forEach(function (el) {
      el.style.zIndex = NAMES_Z;
    });
    var glyphs = [].slice.call(container.querySelectorAll(".evacmap-glyph[data-event-id]"))
      .filter(function (el) { return !within || !within.contains(el); })
      .map(function (el) { return {id: el.getAttribute("data-event-id"), box: box(el)}; });
    var covers = [].slice.call(container.querySelectorAll(".leaflet-control"))
      .filter(function (el) { return el.getClientRects().length > 0; }).map(box);
    var ids = unseen(glyphs, box(container), covers);
    if (inset && inset.evacmapShow) {
      inset.evacmapShow(ids.map(function (id) { return rows[id]; }).filter(Boolean));
    }
    return ids;
  }

  var api = {unseen: unseen, open: open, step: step};
  if (typeof module === "object" && module.exports) { module.exports = api; } else { root.evacmapFrames = api; }
})(typeof window !== "undefined" ? window : this);
