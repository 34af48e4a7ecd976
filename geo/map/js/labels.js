/* Place names on the map: laid out again at every zoom and pan, most important first.
 *
 * choose() is pure: given a name's size, its place's point and how far its place's glyphs reach, it picks the
 * first of four spots (right of the glyphs, left, below, above) whose box lies within the map and overlaps
 * nothing taken; a kept name (the place of a grave event) that finds none still stays, on the map if it can.
 * draw() writes the names on a layer and lays them out. Loaded as a plain script (window.evacmapLabels) or as a
 * CommonJS module (node --test).
 */
(function (root) {
  "use strict";

  function overlaps(a, b) {
    return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  }

  function inside(box, frame) {
    return box.left >= frame.left && box.right <= frame.right && box.top >= frame.top && box.bottom <= frame.bottom;
  }

  // The four offsets of a name's top-left corner from its point, `reach` pixels clear of the point.
  function spots(reach, width, height) {
    return [[reach, -height / 2], [-reach - width, -height / 2], [-width / 2, reach], [-width / 2, -reach - height]];
  }

  // Where a name of `width` × `height` at point `at` {x, y} goes: {offset, box}, or null when it gives way.
  function choose(at, width, height, reach, taken, frame, kept) {
    var within = null, candidates = spots(reach, width, height);
    for (var s = 0; s < candidates.length; s++) {
      var o = candidates[s], box = {left: at.x + o[0], top: at.y + o[1], right: at.x + o[0] + width, bottom: at.y + o[1] + height};
      if (!inside(box, frame)) { continue; }
      if (within === null) { within = {offset: o, box: box}; }
      if (!taken.some(function (other) { return overlaps(box, other); })) { return {offset: o, box: box}; }
    }
    if (!kept) { return null; }
    if (within !== null) { return within; }
    var first = candidates[0];
    return {offset: first, box: {left: at.x + first[0], top: at.y + first[1], right: at.x + first[0] + width,
                                 bottom: at.y + first[1] + height}};
  }

  // rows: [lat, lon, name (escaped HTML), place id, kept]; `moved`: the map event fired when markers move.
  function draw(map, layer, rows, moved) {
    var labels = rows.map(function (p) {
      var marker = L.marker([p[0], p[1]], {interactive: false, keyboard: false, icon: L.divIcon({
        html: "<div>" + p[2] + "</div>", iconSize: [0, 0], iconAnchor: [0, 0],
        className: "evacmap-label" + (p[4] ? " evacmap-label-kept" : "")})
      }).addTo(layer);
      marker.evacmapPlace = p[3];
      marker.evacmapKept = p[4];
      return marker;
    });
    function reaches() {  // how far each place's glyphs reach from its point, in pixels
      var out = {};
      map.eachLayer(function (l) {
        if (l.evacmapReach) {
          Object.keys(l.evacmapReach).forEach(function (k) { out[k] = Math.max(out[k] || 0, l.evacmapReach[k]); });
        }
      });
      return out;
    }
    function layout() {
      var pane = map.getPane("markerPane"), taken = [], reach = reaches();
      var frame = map.getContainer().getBoundingClientRect();
      pane.querySelectorAll(".evacmap-glyph, .leaflet-marker-icon:not(.evacmap-label):not(.evacmap-arrow)"
                            + ":not(.evacmap-glyph-icon), .awesome-marker")
        .forEach(function (icon) { taken.push(icon.getBoundingClientRect()); });
      // where each name stands unmoved, from its point (the line it is set on may put it a few pixels lower), and
      // its size to the fraction of a pixel: read for all before any is moved, so the page is laid out once
      var rest = labels.map(function (label) {
        var icon = label.getElement();
        if (!icon) { return null; }
        var at = icon.getBoundingClientRect(), box = icon.firstChild.getBoundingClientRect();
        var moved = icon.firstChild.evacmapMoved || [0, 0];
        return {at: at, offset: [box.left - moved[0] - at.left, box.top - moved[1] - at.top], size: box};
      });
      labels.forEach(function (label, i) {
        if (!rest[i]) { return; }
        var icon = label.getElement(), text = icon.firstChild, at = rest[i].at;
        var chosen = choose({x: at.left, y: at.top}, rest[i].size.width, rest[i].size.height,
                            (reach[label.evacmapPlace] || 10) + 4, taken, frame, label.evacmapKept);
        icon.classList.toggle("evacmap-label-hidden", chosen === null);
        if (chosen !== null) {
          text.evacmapMoved = [chosen.offset[0] - rest[i].offset[0], chosen.offset[1] - rest[i].offset[1]];
          text.style.transform = "translate(" + text.evacmapMoved[0] + "px," + text.evacmapMoved[1] + "px)";
          taken.push(chosen.box);
        }
      });
      delete map.getContainer().dataset.labelsPending;
    }
    var pending = null;
    function later() {  // once the markers of a zoom or pan are drawn; the attribute tells tests to wait
      map.getContainer().dataset.labelsPending = "1";
      clearTimeout(pending);
      pending = setTimeout(layout, 60);
    }
    map.on("zoomend moveend layeradd layerremove resize " + moved, later);
    map.whenReady(later);
    return labels;
  }

  var api = {overlaps: overlaps, inside: inside, spots: spots, choose: choose, draw: draw};
  if (typeof module === "object" && module.exports) { module.exports = api; } else { root.evacmapLabels = api; }
})(typeof window !== "undefined" ? window : this);
