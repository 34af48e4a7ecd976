/* Place names on the map: laid out again at every zoom and pan, most important first; beside their own point.
 *
 * choose() is pure: given a name's size, its place's point and how far its place's glyphs reach, it picks the
 * first of four spots (right of the glyphs, left, below, above) whose box lies within the map and overlaps
 * nothing taken; a kept name (the place of a grave event) that finds none still stays, on the map if it can (the
 * inset's names use it).
 * place() is pure: where the map's name goes: first one of eight spots right beside its point (NEAR px from it, about
 * a glyph's width at most), else one of sixteen on rings RING px apart, out among its place's glyphs and up to 44 px
 * beyond them, joined to the point by a leader line;
 * either way within the map, over nothing taken, and nearer its own point than any other named place's point (the
 * `others`; a place at the very same point, as two places given one point are, is not another). A kept name with no free spot takes the first beside its point that is nearer its own point; a name
 * with none of these gives way.
 * draw() writes the names on a layer and lays them out, clear of the map's controls and of the corridors' labels
 * (which it has flows.js move along their routes first, clear of the glyphs): at every change of the view or of
 * the controls (the playback bar unfolds: "evacmapcontrolsmoved"), and when the map's own layers change; not while a
 * playback steps (map.evacmapStepping), so the names stay put from frame to frame.
 * Loaded as a plain script (window.evacmapLabels) or as a CommonJS module (node --test).
 */
(function (root) {
  "use strict";

  var NEAR = 14;  // px from a place's point to its name's nearest edge, right beside it: a glyph's radius and a gap
  var DIAGONAL = Math.SQRT1_2;
  var RING = 16;  // px between the rings of spots farther out, joined to the point by a leader line

  function overlaps(a, b) {
    return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  }

  function inside(box, frame) {
    return box.left >= frame.left && box.right <= frame.right && box.top >= frame.top && box.bottom <= frame.bottom;
  }

  // How far a point {x, y} is from a box's nearest edge (0 inside it).
  function distance(box, at) {
    var dx = Math.max(box.left - at.x, 0, at.x - box.right), dy = Math.max(box.top - at.y, 0, at.y - box.bottom);
    return Math.sqrt(dx * dx + dy * dy);
  }

  // The four offsets of a name's top-left corner from its point, `reach` pixels clear of the point.
  function spots(reach, width, height) {
    return [[reach, -height / 2], [-reach - width, -height / 2], [-width / 2, reach], [-width / 2, -reach - height]];
  }

  // The eight offsets: the four of spots(), then the four corners, `reach` pixels from the point along a diagonal.
  function around(reach, width, height) {
    var d = reach * DIAGONAL;
    return spots(reach, width, height).concat([[d, d], [-d - width, d], [d, -d - height], [-d - width, -d - height]]);
  }

  // Eight more offsets, between those of around(): the name's nearest corner `reach` px from the point, at 22.5°
  // either side of each axis.
  function between(reach, width, height) {
    return [22.5, 67.5, 112.5, 157.5, 202.5, 247.5, 292.5, 337.5].map(function (deg) {
      var x = reach * Math.cos(deg * Math.PI / 180), y = reach * Math.sin(deg * Math.PI / 180);
      return [x >= 0 ? x : x - width, y >= 0 ? y : y - height];
    });
  }

  function boxAt(at, o, width, height) {
    return {left: at.x + o[0], top: at.y + o[1], right: at.x + o[0] + width, bottom: at.y + o[1] + height};
  }

  // Where a name of `width` × `height` at point `at` {x, y} goes: {offset, box}, or null when it gives way.
  function choose(at, width, height, reach, taken, frame, kept) {
    var within = null, candidates = spots(reach, width, height);
    for (var s = 0; s < candidates.length; s++) {
      var o = candidates[s], box = boxAt(at, o, width, height);
      if (!inside(box, frame)) { continue; }
      if (within === null) { within = {offset: o, box: box}; }
      if (!taken.some(function (other) { return overlaps(box, other); })) { return {offset: o, box: box}; }
    }
    if (!kept) { return null; }
    if (within !== null) { return within; }
    var first = candidates[0];
    return {offset: first, box: boxAt(at, first, width, height)};
  }

  // How many of the names `placed` ({at, box}) a name's box at point `at` stands the wrong way round of: wholly east
  // of the name of a place east of it, or wholly north of one south of it (points closer than 4 NEAR on that axis
  // may stand either way round).
  function inversions(at, box, placed) {
    return placed.reduce(function (n, other) {
      var dx = other.at.x - at.x, dy = other.at.y - at.y;
      if (Math.abs(dx) > 4 * NEAR && (dx > 0 ? box.left >= other.box.right : box.right <= other.box.left)) { n += 1; }
      if (Math.abs(dy) > 4 * NEAR && (dy > 0 ? box.top >= other.box.bottom : box.bottom <= other.box.top)) { n += 1; }
      return n;
    }, 0);
  }

  // Where the map's name of `width` × `height` at point `at` goes, its place's glyphs reaching `reach` px from it:
  // {offset, box, leader} (leader: the name stands beyond the glyphs, joined to its point), or null: it gives way.
  // The first spot that keeps the order of the names `placed` so far wins; else the one that inverts the fewest.
  function place(at, width, height, reach, taken, frame, kept, others, placed) {
    var apart = others.filter(function (p) { return Math.abs(p.x - at.x) + Math.abs(p.y - at.y) > 1; });
    function own(box) {  // a place at the very same point (two places given one point) is no other place's point
      var mine = distance(box, at);
      return apart.every(function (p) { return distance(box, p) > mine; });
    }
    function fits(box) { return inside(box, frame) && own(box); }
    function free(box) { return !taken.some(function (other) { return overlaps(box, other); }); }
    var near = around(NEAR, width, height), spots = [], s, box;
    near.forEach(function (o) { spots.push({offset: o, leader: false}); });
    for (var ring = NEAR + RING; ring <= Math.max(reach, 0) + 44; ring += RING) {  // out among and beyond the glyphs
      around(ring, width, height).concat(between(ring, width, height))
        .forEach(function (o) { spots.push({offset: o, leader: true}); });
    }
    spots.forEach(function (spot) {
      spot.box = boxAt(at, spot.offset, width, height);
      spot.ok = fits(spot.box) && free(spot.box);
      spot.wrong = spot.ok ? inversions(at, spot.box, placed || []) : 0;
    });
    var good = spots.filter(function (spot) { return spot.ok; });
    var best = good.filter(function (spot) { return spot.wrong === 0; })[0]
      || good.sort(function (a, b) { return a.wrong - b.wrong; })[0];  // a stable sort: the nearest of the fewest
    if (best) { return {offset: best.offset, box: best.box, leader: best.leader}; }
    if (!kept) { return null; }
    for (s = 0; s < near.length; s++) {
      box = boxAt(at, near[s], width, height);
      if (fits(box)) { return {offset: near[s], box: box, leader: false}; }
    }
    return null;
  }

  // The leader line from a point to a box's nearest edge: [length, angle in radians].
  function leader(box, at) {
    var x = Math.min(Math.max(at.x, box.left), box.right) - at.x, y = Math.min(Math.max(at.y, box.top), box.bottom) - at.y;
    return [Math.sqrt(x * x + y * y), Math.atan2(y, x)];
  }

  // rows: [lat, lon, name (escaped HTML), place id, kept]; `moved`: the map event fired when markers move.
  function draw(map, layer, rows, moved) {
    var labels = rows.map(function (p) {
      var marker = L.marker([p[0], p[1]], {interactive: false, keyboard: false, icon: L.divIcon({
        html: "<div>" + p[2] + "</div><span class=\"evacmap-leader\"></span>", iconSize: [0, 0], iconAnchor: [0, 0],
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
      pane.querySelectorAll(".evacmap-glyph, .evacmap-badge, .leaflet-marker-icon:not(.evacmap-label)"
                            + ":not(.evacmap-arrow):not(.evacmap-glyph-icon):not(.evacmap-badge-icon), .awesome-marker")
        .forEach(function (icon) {
          var box = icon.getBoundingClientRect();
          if (box.width > 0 && box.height > 0) { taken.push(box); }  // a glyph of a badged place is not drawn
        });
      map.getContainer().querySelectorAll(".leaflet-control-container .leaflet-control").forEach(function (control) {
        var box = control.getBoundingClientRect();  // a name under a control would be hidden
        if (box.width > 0 && box.height > 0) { taken.push(box); }
      });
      if (map.evacmapFlows && map.evacmapFlows.placeLabels) {  // the corridors' labels first, clear of the glyphs
        map.evacmapFlows.placeLabels(taken.slice()).forEach(function (box) { taken.push(box); });
      }
      // where each name stands unmoved, from its point (the line it is set on may put it a few pixels lower), and
      // its size to the fraction of a pixel: read for all before any is moved, so the page is laid out once
      var rest = labels.map(function (label) {
        var icon = label.getElement();
        if (!icon) { return null; }
        var at = icon.getBoundingClientRect(), box = icon.firstChild.getBoundingClientRect();
        var moved = icon.firstChild.evacmapMoved || [0, 0];
        return {at: {x: at.left, y: at.top}, offset: [box.left - moved[0] - at.left, box.top - moved[1] - at.top], size: box};
      });
      var open = rest.map(function (r) { return r !== null; }), chosen = [], glyphs = taken.length;
      function others(i) { return rest.filter(function (r, k) { return k !== i && open[k]; }).map(function (r) { return r.at; }); }
      function placedBut(i) {
        return chosen.map(function (c, k) { return c && k !== i ? {at: rest[k].at, box: c.box} : null; }).filter(Boolean);
      }
      labels.forEach(function (label, i) {  // most important first, each clear of the ones before
        if (!rest[i]) { return; }
        chosen[i] = place(rest[i].at, rest[i].size.width, rest[i].size.height, reach[label.evacmapPlace] || 0, taken,
                          frame, label.evacmapKept, others(i), placedBut(i));
        open[i] = chosen[i] !== null;
        if (chosen[i]) { taken.push(chosen[i].box); }
      });
      // once more for a name that stands the wrong way round of another: with all the others now in place
      labels.forEach(function (label, i) {
        if (!chosen[i] || !inversions(rest[i].at, chosen[i].box, placedBut(i))) { return; }
        var clear = taken.slice(0, glyphs).concat(placedBut(i).map(function (p) { return p.box; }));
        var again = place(rest[i].at, rest[i].size.width, rest[i].size.height, reach[label.evacmapPlace] || 0, clear,
                          frame, label.evacmapKept, others(i), placedBut(i));
        if (again && inversions(rest[i].at, again.box, placedBut(i)) < inversions(rest[i].at, chosen[i].box, placedBut(i))) {
          chosen[i] = again;
        }
      });
      labels.forEach(function (label, i) {
        if (!rest[i]) { return; }
        var icon = label.getElement(), text = icon.firstChild, line = icon.lastChild, c = chosen[i];
        icon.classList.toggle("evacmap-label-hidden", c === null);
        if (c === null) { return; }
        text.evacmapMoved = [c.offset[0] - rest[i].offset[0], c.offset[1] - rest[i].offset[1]];
        text.style.transform = "translate(" + text.evacmapMoved[0] + "px," + text.evacmapMoved[1] + "px)";
        var joined = leader(c.box, rest[i].at);
        line.style.display = c.leader ? "" : "none";
        line.style.width = joined[0] + "px";
        line.style.transform = "rotate(" + joined[1] + "rad)";
      });
      delete map.getContainer().dataset.labelsPending;
    }
    var pending = null;
    function later() {  // once the markers of a zoom or pan are drawn; the attribute tells tests to wait
      map.getContainer().dataset.labelsPending = "1";
      clearTimeout(pending);
      pending = setTimeout(layout, 60);
    }
    function unlessStepping() { if (!map.evacmapStepping) { later(); } }
    map.on("zoomend moveend resize evacmapcontrolsmoved", later);
    map.on("layeradd layerremove " + moved, unlessStepping);
    map.whenReady(later);
    return labels;
  }

  var api = {NEAR: NEAR, overlaps: overlaps, inside: inside, distance: distance, spots: spots, around: around,
             choose: choose, inversions: inversions, place: place, leader: leader, draw: draw};
  if (typeof module === "object" && module.exports) { module.exports = api; } else { root.evacmapLabels = api; }
})(typeof window !== "undefined" ? window : this);
