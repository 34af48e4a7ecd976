/* The selected event marked on a drawn map (geo/map/highlight.py says why it is a layer of its own).
 *
 * names() is pure: whether a glyph's data-event-ids (a badge of several, space-separated) or data-event-id names
 * an event.
 * clickMark() marks a clicked event's glyph at once, in the browser, before the page answers.
 * highlight() runs once the selection's layer is on a map: it pans to the event if it is off screen (same zoom) and
 * marks the event's glyphs, or the marker drawn on its point where no glyph names it.
 * Loaded as a plain script (window.evacmapHighlight) or as a CommonJS module (node --test).
 */
(function (root) {
  "use strict";

  // Whether a glyph whose data-event-ids is `ids` and data-event-id is `one` (either may be null) names `id`.
  function names(ids, one, id) {
    return (ids || one || "").split(" ").indexOf(id) >= 0;
  }

  function unmark(box, mark) {
    box.querySelectorAll("." + mark).forEach(function (e) { e.classList.remove(mark); });
  }

  // On `map`, a click on an element matching `options.glyphs` marks it with the class `options.mark`.
  function clickMark(map, options) {
    var box = map.getContainer();
    box.addEventListener("click", function (event) {
      var glyph = event.target.closest && event.target.closest(options.glyphs);
      if (!glyph || !box.contains(glyph)) { return; }
      unmark(box, options.mark);
      glyph.classList.add(options.mark);
    }, true);
  }

  // Once `group` is on a map: show the event `options.id` at `options.point` [lat, lon], marked with `options.mark`.
  function highlight(group, options) {
    var L = root.L, point = L.latLng(options.point), id = options.id, mark = options.mark;
    group.on("add", function () {
      var map = group._map;
      if (!map.getBounds().contains(point)) { map.panTo(point); }
      var box = map.getContainer();
      unmark(box, mark);
      var found = 0;
      box.querySelectorAll("[data-event-id], [data-event-ids]").forEach(function (e) {
        if (names(e.getAttribute("data-event-ids"), e.getAttribute("data-event-id"), id)) {
          e.classList.add(mark);
          found += 1;
        }
      });
      if (!found) {  // glyphs that do not name their event: the marker drawn on the event's point
        map.eachLayer(function (layer) {
          if (layer instanceof L.Marker && layer._icon && layer.getLatLng().equals(point)) {
            layer._icon.classList.add(mark);
          }
        });
      }
      box.setAttribute("data-selected-event", id);
    });
  }

  var api = {names: names, clickMark: clickMark, highlight: highlight};
  if (typeof module === "object" && module.exports) { module.exports = api; } else { root.evacmapHighlight = api; }
})(typeof window !== "undefined" ? window : this);
