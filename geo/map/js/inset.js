/* The overview inset (geo/map/inset.py says what it shows and why): Leaflet-MiniMap fixed on the region, its routes,
 * its event places as dots and the names of the story's ends; it outlines the main map's view and never moves it.
 *
 * reach() is pure: how far a name keeps from its place, beyond the fans of the glyphs drawn around it.
 * uncovered() is pure: the part of the inset no other control of the map covers (a short map's title box may reach
 * down over it). around() is pure: the box around the glyphs drawn, from a corner. shrunk() is pure: how small a fan
 * too big for the room is drawn.
 * add() builds the inset on a map from its data (geo/map/inset.py: Inset), lays its names out (labels.js) and gives
 * it evacmapShow(rows), with which a frame of the playback export (geo/export/animation.py) draws glyph rows in it
 * (glyphs.js); [] clears them.
 * Loaded as a plain script (window.evacmapInset) or as a CommonJS module (node --test).
 */
(function (root) {
  "use strict";

  var NEAR = 40;  // px: a glyph drawn within this of a name's place pushes the name out beyond its fan
  var LEAST_REACH = 5;  // px from its place to a name with no glyph near it

  // How far the name at point `at` {x, y} keeps from it: beyond each glyph box (left, top, right, bottom) near it.
  function reach(at, boxes) {
    var far = LEAST_REACH;
    boxes.forEach(function (b) {
      if (b.left - NEAR < at.x && at.x < b.right + NEAR && b.top - NEAR < at.y && at.y < b.bottom + NEAR) {
        far = Math.max(far, 3 + Math.max(Math.abs(b.left - at.x), Math.abs(b.right - at.x),
                                         Math.abs(b.top - at.y), Math.abs(b.bottom - at.y)));
      }
    });
    return far;
  }

  // The part of the inset's box `free` that the other controls' boxes `others` leave: a control over its upper half
  // pushes its top down, one over its lower half its bottom up; one beside it changes nothing.
  function uncovered(free, others) {
    var middle = (free.top + free.bottom) / 2, top = free.top, bottom = free.bottom;
    others.forEach(function (r) {
      if (r.right <= free.left || r.left >= free.right || r.bottom <= free.top || r.top >= free.bottom) { return; }
      if (r.bottom < middle) { top = Math.max(top, r.bottom); } else { bottom = Math.min(bottom, r.top); }
    });
    return {left: free.left, top: top, right: free.right, bottom: bottom};
  }

  // The box [left, top, right, bottom] around the boxes `rects`, from the top left corner of `from`; null for none.
  function around(rects, from) {
    var box = null;
    rects.forEach(function (r) {
      var b = [r.left - from.left, r.top - from.top, r.right - from.left, r.bottom - from.top];
      box = box ? [Math.min(box[0], b[0]), Math.min(box[1], b[1]), Math.max(box[2], b[2]), Math.max(box[3], b[3])] : b;
    });
    return box;
  }

  // The scale to draw glyphs at so that their fans' `box` fits `size` {x, y} within `margin`, from `scale`, never
  // below `least`; null when they fit already. A little more than the room asks: the places stay as far apart.
  function shrunk(box, size, margin, scale, least) {
    var room = Math.min((size.x - 2 * margin) / (box[2] - box[0]), (size.y - 2 * margin) / (box[3] - box[1]));
    return room >= 1 ? null : Math.max(least, scale * room * 0.95);
  }

  function rect(el) {
    var r = el.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
  }

  // The inset of `map`, from `data` (geo/map/inset.py: Inset): tiles, tileOptions, routes [[latlons, colour]],
  // places [[lat, lon]], ends [[lat, lon, escaped name]], options (the plugin's), openPx, widePx, wide [w, h],
  // glyphMargin, leastScale.
  function add(map, data) {
    var L = root.L;
    var layers = [L.tileLayer(data.tiles, data.tileOptions)];
    data.routes.forEach(function (r) {
      layers.push(L.polyline(r[0], {color: r[1], weight: 3, opacity: 0.9, interactive: false}));
    });
    data.places.forEach(function (p) {
      layers.push(L.circleMarker(p, {radius: 2, color: "#222", weight: 1, fillOpacity: 0.8, interactive: false}));
    });
    var names = data.ends.map(function (e) {  // under any glyph drawn in the inset
      var label = L.marker([e[0], e[1]], {interactive: false, keyboard: false, zIndexOffset: -10000, icon: L.divIcon({
        html: "<div>" + e[2] + "</div>", iconSize: [0, 0], iconAnchor: [0, 0], className: "evacmap-inset-name"})});
      layers.push(label);
      return label;
    });
    var options = Object.assign({}, data.options);
    options.minimized = map.getSize().x < data.openPx;
    if (map.getSize().x >= data.widePx) {
      options.width = data.wide[0];
      options.height = data.wide[1];
    }
    var inset = new L.Control.MiniMap(L.layerGroup(layers), options);
    var glyphs = null;  // the events a frame of the playback export draws here (evacmapShow)
    function glyphBoxes() {
      return glyphs ? glyphs.evacmapMarkers.map(function (marker) {
        var el = marker.getElement();
        return el ? rect(el.firstChild) : null;
      }).filter(Boolean) : [];
    }
    // Each name right of its place, else left, below, above (labels.js), clear of the other names and of the
    // glyphs drawn here, beyond a fan around its place; where glyphs are drawn, a name with no room gives way.
    function arrange() {
      var drawn = glyphBoxes(), taken = drawn.slice();
      var frame = inset._container && inset._container.getBoundingClientRect();
      if (!frame) { return; }
      names.forEach(function (label) {
        var el = label.getElement();
        if (!el) { return; }
        var text = el.firstChild, at = el.getBoundingClientRect(), point = {x: at.left, y: at.top};
        var chosen = root.evacmapLabels.choose(point, text.offsetWidth, text.offsetHeight, reach(point, drawn),
                                               taken, frame, !drawn.length);
        text.style.visibility = chosen ? "" : "hidden";
        if (!chosen) { return; }
        text.style.transform = "translate(" + chosen.offset[0] + "px," + chosen.offset[1] + "px)";
        taken.push(chosen.box);
      });
    }
    // An overview only: the plugin would move the main map to the inset's centre whenever the
    // inset moves (its first draw, a resize, unfolding), losing the opening view or the reader's.
    inset._onMiniMapMoved = function () { this._mainMapMoving = false; };
    map.addControl(inset);
    map.evacmapInset = inset;
    // A frame of the playback export: these glyph rows drawn in the inset, which pans (never zooms) from the region's
    // view so that their fans lie whole in the part of it no other control covers; [] clears them.
    function free() {
      var own = inset._container;
      var others = [].slice.call(map.getContainer().querySelectorAll(".leaflet-control")).filter(function (c) {
        return !(own.contains(c) || c.contains(own));
      }).map(rect);
      return uncovered(rect(own), others);
    }
    inset.evacmapShow = function (rows) {
      var mini = inset._miniMap;
      if (glyphs) { mini.removeLayer(glyphs); glyphs = null; }
      mini.setView(options.centerFixed, options.zoomLevelFixed, {animate: false});
      if (rows.length) {
        glyphs = root.evacmapGlyphs.group(rows, {moved: "evacmapinsetmoved"}).addTo(mini);
        var room = free(), margin = data.glyphMargin;
        var size = {x: room.right - room.left, y: room.bottom - room.top};
        var box = around(glyphBoxes(), room), scale = 1;
        // Fans taller or wider than the inset: each drawn smaller around its place (a few tries: see shrunk()).
        for (var tries = 0; tries < 4 && scale > data.leastScale; tries++) {
          var smaller = shrunk(box, size, margin, scale, data.leastScale);
          if (smaller === null) { break; }
          scale = smaller;
          glyphs.evacmapMarkers.forEach(function (marker) {
            [].slice.call(marker.getElement().children).forEach(function (el) { el.style.zoom = scale; });
          });
          box = around(glyphBoxes(), room);
        }
        var shift = root.evacmapGlyphs.fitInside(box, size, margin);
        if (shift[0] || shift[1]) { mini.panBy(L.point(-shift[0], -shift[1]), {animate: false}); }
      }
      arrange();
    };
    inset._miniMap.on("zoomend moveend resize", arrange);
    map.whenReady(function () { setTimeout(arrange, 0); });
    L.DomEvent.on(inset._toggleDisplayButton || inset._container, "click", function () { setTimeout(arrange, 350); });
    return inset;
  }

  var api = {add: add, reach: reach, uncovered: uncovered, around: around, shrunk: shrunk};
  if (typeof module === "object" && module.exports) { module.exports = api; } else { root.evacmapInset = api; }
})(typeof window !== "undefined" ? window : this);
