/* Event glyphs: each event its own visible mark, events at one place fanned out around it.
 *
 * layout() is pure: given glyph centres in pixels (gravest first), it gives each an offset on rings around its
 * point so that no glyph covers another, each place's fan growing on its own side of its point, away from the
 * places near it and in from the map's edges. group() draws events as Leaflet markers laid out by it at every
 * zoom. Loaded as a plain script (window.evacmapGlyphs) or as a CommonJS module (node --test).
 */
(function (root) {
  "use strict";

  var GAP = 2;  // pixels kept between two glyphs
  var STEM_FROM = 17;  // a fanned glyph's stem starts this far from its point, clear of a glyph standing on it
  var MARGIN = 8;  // pixels the opening view keeps between its fans and the map's edges
  var OPENING_ZOOM_OUTS = 2;  // the opening view zooms out at most this many steps to hold its fans whole

  var AWAY = 2;  // a slot nearer another place's point than its own is tried as if this many rings further out
  var NEIGHBOURS = 8;  // a place's fan leans away from this many of the nearest places' points, at most,
  var NEAR = 240;      // lying within this many pixels of its own
  var ROOM = Math.SQRT2;  // a slot this many times its ring's radius from the nearest other place's point has room

  // The offsets of ring `ring` around a point: the point itself (ring 0), then rings a pixel more than `step` apart,
  // each ring's slots as far apart, starting at the top and going clockwise. The pixel more keeps slots rounded to
  // whole pixels `step` apart: a ring `step` out held only its top and bottom slots beside a glyph on the point.
  function ringSlots(step, ring) {
    if (ring === 0) { return [[0, 0]]; }
    var out = [], radius = ring * (step + 1), slots = Math.max(6, Math.floor(2 * Math.PI * ring));
    for (var s = 0; s < slots; s++) {
      var angle = -Math.PI / 2 + 2 * Math.PI * s / slots;
      out.push([Math.round(radius * Math.cos(angle)), Math.round(radius * Math.sin(angle))]);
    }
    return out;
  }

  // The offsets a place's glyphs of one size try in turn around its point {x, y}, as a function of the turn:
  // ring by ring outwards (rings `step` pixels apart, from `slotsOf(ring)`), but a slot nearer one of the other
  // places' points near it (`others()`) than its own point waits AWAY rings more; the slots due at one ring go
  // farthest from the other places first, up to ROOM times the ring's radius (farther is room enough: those keep
  // the spiral's order). A slot where a glyph would be hidden (`hidden(x, y)`: off the map or under its controls)
  // waits as long. So a fan grows on its own side of its point, away from its neighbours and in from the map's
  // edges, and a place alone fans out on the spiral. Rings are worked out as they are reached, the neighbours once
  // the point is taken.
  function fan(point, step, slotsOf, others, hidden) {
    var order = [], rings = [], level = 0, near = null;
    function ring(k) {  // ring k's slots: offset, squared room (capped), whether another point is nearer than its own
      if (rings[k]) { return rings[k]; }
      var around = k ? near || (near = others()) : [], enough = ROOM * ROOM * k * step * k * step;
      return (rings[k] = slotsOf(k).map(function (o) {
        var x = point.x + o[0], y = point.y + o[1], room = Infinity;
        for (var n = 0; n < around.length; n++) {
          room = Math.min(room, (around[n].x - x) * (around[n].x - x) + (around[n].y - y) * (around[n].y - y));
        }
        return {offset: o, room: Math.min(room, enough), theirs: room < o[0] * o[0] + o[1] * o[1] || hidden(x, y)};
      }));
    }
    return function (turn) {
      for (; order.length <= turn; level++) {
        var due = ring(level).filter(function (s) { return !s.theirs; });
        if (level >= AWAY) { due = due.concat(ring(level - AWAY).filter(function (s) { return s.theirs; })); }
        due.sort(function (a, b) { return b.room - a.room; });  // stable: ties keep the spiral's order
        due.forEach(function (s) { order.push(s.offset); });
      }
      return order[turn];
    };
  }

  // A point's nearest other points (`neighbours(items)(point)`), up to NEIGHBOURS of them within NEAR pixels,
  // nearest first. Each asks every point: the map draws at most a few hundred glyphs one by one.
  function neighbours(items) {
    var seen = {}, points = [];
    items.forEach(function (item) {
      if (!seen[item.x + "," + item.y]) { seen[item.x + "," + item.y] = true; points.push({x: item.x, y: item.y}); }
    });
    return function (p) {
      var found = [];  // {point, d}: the nearest so far, nearest first
      points.forEach(function (q) {
        var d = (p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y), at = found.length;
        if (d === 0 || d >= NEAR * NEAR || (at === NEIGHBOURS && d >= found[at - 1].d)) { return; }
        while (at > 0 && found[at - 1].d > d) { at--; }
        found.splice(at, 0, {point: q, d: d});
        found.length = Math.min(found.length, NEIGHBOURS);
      });
      return found.map(function (f) { return f.point; });
    };
  }

  // Whether a glyph of radius r at (x, y) is not seen whole in `view` ({frame, covers}, or nothing: all is seen).
  function hidden(view, x, y, r) {
    if (!view) { return false; }
    var f = view.frame;
    return x - r < f.left || y - r < f.top || x + r > f.right || y + r > f.bottom || view.covers.some(function (c) {
      return x + r > c.left && x - r < c.right && y + r > c.top && y - r < c.bottom;
    });
  }

  // items: [{x, y, r}] in the order they claim room (gravest first); returns [[dx, dy]] per item: the first
  // offset its place's fan tries (fan) at which its circle (radius r) stays GAP pixels clear of every circle placed
  // before. Items at one point are one place's. `view`, if given, is where a glyph is seen whole, in the items'
  // pixels: {frame, covers}, boxes {left, top, right, bottom} (the map; its controls). Placed circles are kept in a
  // grid of cells as wide as two of the largest glyphs, so a check looks at 3 × 3 cells.
  function layout(items, tries, view) {
    var offsets = [], grid = new Map(), fans = {}, rings = {}, largest = 0, near = neighbours(items);
    tries = tries || 400;
    items.forEach(function (item) { largest = Math.max(largest, item.r); });
    var cell = 2 * largest + GAP;
    function slotsOf(step) {  // ring by ring, worked out once for every fan of one step
      var made = rings[step] || (rings[step] = []);
      return function (ring) { return made[ring] || (made[ring] = ringSlots(step, ring)); };
    }
    function key(cx, cy) { return cx * 1048576 + cy; }  // a number, not a string: checks are the layout's most work
    function free(x, y, r) {
      var cx = Math.floor(x / cell), cy = Math.floor(y / cell);
      for (var i = cx - 1; i <= cx + 1; i++) {
        for (var j = cy - 1; j <= cy + 1; j++) {
          var near = grid.get(key(i, j));
          if (!near) { continue; }
          for (var k = 0; k < near.length; k++) {
            var p = near[k], dx = p.x - x, dy = p.y - y, least = p.r + r + GAP;
            if (dx * dx + dy * dy < least * least) { return false; }
          }
        }
      }
      return true;
    }
    var resume = {};  // glyphs on one point and of one size: the fan's slots before the last one taken are full
    items.forEach(function (item) {
      var step = 2 * item.r + GAP, here = item.x + "," + item.y + "," + step;
      var slot = fans[here] || (fans[here] = fan(item, step, slotsOf(step), function () { return near(item); },
                                                 function (x, y) { return hidden(view, x, y, item.r); }));
      var chosen = null;
      for (var c = resume[here] || 0; c < tries && !chosen; c++) {
        var o = slot(c);
        if (free(item.x + o[0], item.y + o[1], item.r)) { chosen = o; resume[here] = c; }
      }
      chosen = chosen || slot(tries - 1);
      var x = item.x + chosen[0], y = item.y + chosen[1], at = key(Math.floor(x / cell), Math.floor(y / cell));
      if (!grid.has(at)) { grid.set(at, []); }
      grid.get(at).push({x: x, y: y, r: item.r});
      offsets.push(chosen);
    });
    return offsets;
  }

  // The order glyphs claim room: gravest first, then as given.
  function order(rows) {
    return rows.map(function (row, i) { return i; })
      .sort(function (a, b) { return (rows[b].grave ? 1 : 0) - (rows[a].grave ? 1 : 0) || a - b; });
  }

  // How far a place's glyphs reach from its point, by place key: where its name can go.
  function reach(rows, offsets, radii) {
    var out = {};
    rows.forEach(function (row, i) {
      var o = offsets[i], far = Math.sqrt(o[0] * o[0] + o[1] * o[1]) + radii[i];
      out[row.place] = Math.max(out[row.place] || 0, far);
    });
    return out;
  }

  // The room an opened popup keeps from the map's edges, [[left, top], [right, bottom]], clear of its controls:
  // size {x, y}; boxes by corner (topleft, topright, bottomleft, bottomright) of [left, top, right, bottom] relative
  // to the map. Below the top controls always; on a wide map left of the right-hand column, on a narrow one
  // above the bottom controls.
  function popupPadding(size, boxes, wide, margin) {
    function reach(list, f) { return (list || []).reduce(function (m, b) { return Math.max(m, f(b)); }, 0); }
    var top = Math.max(reach(boxes.topleft, function (b) { return b[3]; }), reach(boxes.topright, function (b) { return b[3]; }));
    var left = reach(boxes.topleft, function (b) { return b[2]; });
    var low = Math.max(reach(boxes.bottomleft, function (b) { return size.y - b[1]; }),
                       reach(boxes.bottomright, function (b) { return size.y - b[1]; }));
    var right = reach(boxes.bottomright, function (b) { return size.x - b[0]; });
    if (size.x >= wide) {
      return [[left + margin, top + margin], [right + margin, reach(boxes.bottomleft, function (b) { return size.y - b[1]; }) + margin]];
    }
    return [[margin, top + margin], [margin, low + margin]];
  }

  // The largest popup content [maxWidth, maxHeight] (pixels) that hides at most `share` of a map of `size` {x, y}:
  // at most `width` x `height` (the popup's own cap), at most the map's width less 70 px, and low enough that the
  // whole popup (its content plus `frame` = [x, y] pixels of margin, close button and tip) covers no more than
  // `share` of the map's area; never under 80 px either way (a smaller popup scrolls). Pure.
  function popupRoom(size, width, height, share, frame) {
    var w = Math.max(80, Math.min(width, size.x - 70));
    var h = Math.floor(share * size.x * size.y / (w + frame[0])) - frame[1];
    return [w, Math.max(80, Math.min(height, h))];
  }

  // Whether a box [left, top, right, bottom] can lie `margin` pixels inside a map of `size`.
  function fits(box, size, margin) {
    return box[2] - box[0] <= size.x - 2 * margin && box[3] - box[1] <= size.y - 2 * margin;
  }

  // How far to move a box [left, top, right, bottom] so it lies `margin` pixels inside a map of `size`, when it can
  // ([0, 0] when it is inside already or wider or taller than the map).
  function fitInside(box, size, margin) {
    function one(low, high, room) {
      if (high - low > room - 2 * margin) { return 0; }
      if (low < margin) { return margin - low; }
      if (high > room - margin) { return room - margin - high; }
      return 0;
    }
    return [one(box[0], box[2], size.x), one(box[1], box[3], size.y)];
  }

  // Whether a click on a glyph opens its popup: not where the page shows the event's details beside the map, that is
  // where the row holding the map and the details (`rowWidth`, null where the map is not in such a page) is at least
  // `need` pixels wide; narrower, the details wrap under the map and the popup is what the reader sees.
  function popupOpens(rowWidth, need) {
    return rowWidth === null || rowWidth === undefined || rowWidth < need;
  }

  // The width of the page's element matching `selector` that holds this map's frame (`frame`, the page's element
  // for the frame the map is drawn in: window.frameElement), or null (a map opened on its own, or no such element).
  function rowWidth(frame, selector) {
    var row = frame && frame.closest ? frame.closest(selector) : null;
    return row ? row.getBoundingClientRect().width : null;
  }

  // The first press on a map takes the keyboard focus to it without scrolling the page that holds its frame: Leaflet
  // focuses the map with a plain focus(), and a page whose map reaches the screen's bottom edge (a phone) scrolled as
  // the mouse went down, moving the glyph away from under it before the click.
  function focusInPlace(container) {
    if (container.evacmapFocusInPlace) { return; }
    container.evacmapFocusInPlace = true;
    container.addEventListener("mousedown", function () {
      if (document.activeElement !== container) { container.focus({preventScroll: true}); }
    }, true);
  }

  function radius(row) { return row.grave ? 17 : 13; }

  var POPUP_SHARE = 0.25;  // the most of a map's area a glyph's popup may hide
  var POPUP_FRAME = [44, 46];  // Leaflet's popup around its content: 20 + 24 px of margin across; 2 x 13 and the tip down

  var BADGE_MIN = 3;  // a place of fewer glyphs always fans out
  var BADGE_RADIUS = 19;

  // Which places show one badge rather than their fan (pure): those of BADGE_MIN glyphs or more whose fan reaches
  // past the nearest other place's point (the fans would not fit side by side), but the ones `open` (clicked).
  // places: {key: {x, y, count, reach}} in pixels; returns {key: true}.
  function badged(places, open) {
    var keys = Object.keys(places), out = {};
    keys.forEach(function (k) {
      var p = places[k];
      if (p.count < BADGE_MIN || open[k]) { return; }
      var nearest = Infinity;
      keys.forEach(function (o) {
        if (o !== k) { nearest = Math.min(nearest, Math.hypot(places[o].x - p.x, places[o].y - p.y)); }
      });
      if (p.reach > nearest) { out[k] = true; }
    });
    return out;
  }

  // A badge's HTML: its count, a mark per event type (the gravest first, on top), and the events it stands for.
  function badgeHtml(rows) {
    var kinds = [], seen = {}, grave = rows.some(function (r) { return r.grave; });
    rows.slice().sort(function (a, b) { return (b.grave ? 1 : 0) - (a.grave ? 1 : 0); }).forEach(function (r) {
      if (!seen[r.colour]) { seen[r.colour] = true; kinds.push(r.colour); }
    });
    var ids = rows.map(function (r) { return r.id; }).join(" ");
    var label = rows.length + " events here: show each";
    return '<div class="evacmap-badge' + (grave ? " evacmap-grave" : "") + '" data-event-ids="' + ids
      + '" role="button" aria-label="' + label + '" title="' + label + '"><b>' + rows.length + "</b><span>"
      + kinds.slice(0, 5).map(function (c) { return '<i style="background:' + c + '"></i>'; }).join("")
      + "</span></div>";
  }

  function glyphHtml(row) {
    var ids = row.id, cls = "evacmap-glyph" + (row.grave ? " evacmap-grave" : "") + (row.approximate ? " evacmap-approximate" : "")
      + (row.selected ? " evacmap-selected" : "") + (row.faded ? " evacmap-faded" : "");
    // One outlet alone: hollow (white, drawn in the type's colour), still plainly seen; older steps: faded.
    var look = row.opacity < 1 ? "background:#fff;color:" + row.colour + ";border-color:" + row.colour
      : "background:" + row.colour;
    return '<div class="' + cls + '" data-event-id="' + ids + '" role="img" aria-label="' + row.name
      + '" title="' + row.name + '" style="' + look + (row.faded ? ";opacity:" + row.opacity : "") + '">'
      + '<i class="fa fa-' + row.icon + '"></i></div><span class="evacmap-stem"></span>';
  }

  // A layer of event markers (rows: {lat, lon, id, place, colour, icon, grave, approximate, opacity,
  // name, tooltip, popup, selected, faded}), laid out again at every zoom; `moved` is fired on the map after.
  function group(rows, options) {
    options = options || {};
    var layer = L.layerGroup(), map = null, ranked = order(rows);
    var markers = rows.map(function (row) {
      var size = 2 * radius(row);
      var marker = L.marker([row.lat, row.lon], {
        icon: L.divIcon({html: glyphHtml(row), className: "evacmap-glyph-icon", iconSize: [0, 0], iconAnchor: [0, 0]}),
        zIndexOffset: (row.grave ? 2000 : 0) + (row.selected ? 4000 : 0), keyboard: true, title: "",
        alt: row.name, colour: row.colour, riseOnHover: true
      });
      marker.evacmapSize = size;
      if (row.tooltip) {
        marker.bindTooltip("<div>" + row.tooltip + "</div>", {sticky: true});
        marker.on("click", function () { marker.closeTooltip(); });  // a tap opened it: the selection says the rest
      }
      if (row.popup && options.popup) {
        marker.bindPopup(row.popup, options.popup);
        var openPopup = marker.openPopup;  // the details beside the map say it all: no popup over them (popupOpens)
        marker.openPopup = function () {
          var beside = map && map.evacmapDetailsBeside;
          return popupOpens(beside ? rowWidth(window.frameElement, beside.row) : null, beside ? beside.need : 0)
            ? openPopup.apply(marker, arguments) : marker;
        };
      }
      return marker.addTo(layer);
    });
    layer.evacmapMarkers = markers;
    // The glyphs (and badges) are one stop in the tab order: Tab enters at the one last focused, the arrow keys move
    // between them in the events' order, Enter selects (Leaflet's keypress on a marker); Tab again leaves them.
    var current = 0;
    function stops() {
      var out = [];
      markers.forEach(function (m, i) { if (!shown[rows[i].place] && m.getElement()) { out.push(m.getElement()); } });
      Object.keys(shown).forEach(function (k) { if (badges[k] && badges[k].getElement()) { out.push(badges[k].getElement()); } });
      return out;
    }
    function rove() {
      var all = stops();
      current = Math.min(current, Math.max(all.length - 1, 0));
      all.forEach(function (el, i) { el.tabIndex = i === current ? 0 : -1; });
      markers.forEach(function (m, i) { var el = m.getElement(); if (el && shown[rows[i].place]) { el.tabIndex = -1; } });
    }
    function onKey(e) {
      var step = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1}[e.key];
      if (!step) { return; }
      var all = stops(), at = all.indexOf(e.target.closest(".leaflet-marker-icon"));
      if (at < 0) { return; }
      L.DomEvent.stop(e);  // not the map's own arrow keys (a pan)
      current = (at + step + all.length) % all.length;
      rove();
      all[current].focus({preventScroll: true});
    }
    var badges = {}, open = {}, shown = {}, lastZoom = null;  // badges by place; the places clicked open
    function badge(key) {
      if (badges[key]) { return badges[key]; }
      var mine = rows.filter(function (r) { return r.place === key; });
      var b = L.marker([mine[0].lat, mine[0].lon], {keyboard: true, title: "", zIndexOffset: 3000, icon: L.divIcon({
        html: badgeHtml(mine), className: "evacmap-badge-icon", iconSize: [0, 0], iconAnchor: [0, 0]})});
      b.on("click keypress", function (e) {
        if (e.type === "keypress" && e.originalEvent.keyCode !== 13) { return; }
        open[key] = true;
        arrange();
      });
      return (badges[key] = b);
    }
    function controlBoxes() {  // the map's controls, but its attribution, by corner: [left, top, right, bottom] in the map
      var frame = map.getContainer().getBoundingClientRect(), boxes = {};
      Object.keys(map._controlCorners).forEach(function (corner) {
        boxes[corner] = [].slice.call(map._controlCorners[corner].children).filter(function (c) {
          return !L.DomUtil.hasClass(c, "leaflet-control-attribution");
        }).map(function (c) {
          var r = c.getBoundingClientRect();
          return [r.left - frame.left, r.top - frame.top, r.right - frame.left, r.bottom - frame.top];
        });
      });
      return boxes;
    }
    function seen() {  // where a glyph is seen whole, in layer pixels: the map, MARGIN in, and its controls' boxes
      var origin = map.containerPointToLayerPoint(L.point(0, 0)), size = map.getSize(), boxes = controlBoxes(), covers = [];
      Object.keys(boxes).forEach(function (corner) {
        boxes[corner].forEach(function (b) {
          if (b[2] > b[0] && b[3] > b[1]) {
            covers.push({left: origin.x + b[0], top: origin.y + b[1], right: origin.x + b[2], bottom: origin.y + b[3]});
          }
        });
      });
      return {frame: {left: origin.x + MARGIN, top: origin.y + MARGIN, right: origin.x + size.x - MARGIN,
                      bottom: origin.y + size.y - MARGIN}, covers: covers};
    }
    function arrange() {
      if (!map || !map._loaded) { return; }
      var items = ranked.map(function (i) {
        var p = map.latLngToLayerPoint(markers[i].getLatLng());
        return {x: p.x, y: p.y, r: radius(rows[i])};
      });
      var offsets = layout(items, null, seen()), byRow = [];
      ranked.forEach(function (i, k) { byRow[i] = offsets[k]; });
      shown = {};
      if (options.badges) {  // places whose fans would not fit: one badge each, and the others laid out again
        var zoom = map.getZoom();
        if (lastZoom !== null && zoom < lastZoom) { open = {}; }
        lastZoom = zoom;
        var places = {}, fanReach = reach(rows, byRow, rows.map(radius));
        rows.forEach(function (row, i) {
          var p = map.latLngToLayerPoint(markers[i].getLatLng());
          var place = places[row.place] || (places[row.place] = {x: p.x, y: p.y, count: 0, reach: fanReach[row.place]});
          place.count += 1;
        });
        shown = badged(places, open);
        if (Object.keys(shown).length) {
          var kept = ranked.filter(function (i) { return !shown[rows[i].place]; });
          var stand = Object.keys(shown).map(function (k) { return {x: places[k].x, y: places[k].y, r: BADGE_RADIUS}; });
          var again = layout(stand.concat(kept.map(function (i) { return items[ranked.indexOf(i)]; })), null, seen());
          kept.forEach(function (i, k) { byRow[i] = again[stand.length + k]; });
          Object.keys(shown).forEach(function (k, n) { places[k].offset = again[n]; });  // badges clear of each other
          ranked.forEach(function (i) { if (shown[rows[i].place]) { byRow[i] = [0, 0]; } });
        }
        Object.keys(places).forEach(function (k) {
          var b = shown[k] ? badge(k) : badges[k];
          if (shown[k] && !layer.hasLayer(b)) { layer.addLayer(b); }
          var el = shown[k] && b.getElement();
          if (el) { el.firstChild.style.transform = "translate(" + places[k].offset[0] + "px," + places[k].offset[1] + "px)"; }
          if (!shown[k] && b && layer.hasLayer(b)) { layer.removeLayer(b); }
        });
      }
      markers.forEach(function (marker, i) {
        var el = marker.getElement();
        if (!el) { return; }
        var glyph = el.firstChild, stem = el.lastChild, o = byRow[i], r = radius(rows[i]);
        el.style.display = shown[rows[i].place] ? "none" : "";
        glyph.style.transform = "translate(" + (o[0] - r) + "px," + (o[1] - r) + "px)";
        var length = Math.sqrt(o[0] * o[0] + o[1] * o[1]);  // from the edge of a glyph on the point to this one's
        stem.style.width = Math.max(0, length - r - STEM_FROM) + "px";
        stem.style.transform = "rotate(" + Math.atan2(o[1], o[0]) + "rad) translateX(" + STEM_FROM + "px)";
      });
      rove();
      layer.evacmapReach = reach(rows, byRow, rows.map(radius));
      Object.keys(shown).forEach(function (k) { layer.evacmapReach[k] = BADGE_RADIUS; });
      laid = byRow;
      noteInView();
      // the reader's own view, kept from the map this one replaces (js/fit.js), is left as it is
      if (options.fit && !fitted && !map.evacmapReadersView) { fitted = true; keepInView(); }
      map.fire(options.moved || "evacmapmarkersmoved");
    }
    var fitted = false, laid = [], zoomOuts = OPENING_ZOOM_OUTS;
    function opened() {  // the opening view was set after this layer was first laid out (the dashboard's map draws
      fitted = false;    // its layers before its fit): keep the fans whole in the view the map opens on
      arrange();
    }
    function keepInView() {  // the opening view: fans of places in view whole in it, zoomed out a step or two if need be
      var size = map.getSize(), box = null;
      markers.forEach(function (marker, i) {
        var p = map.latLngToContainerPoint(marker.getLatLng()), r = radius(rows[i]);
        if (p.x < 0 || p.y < 0 || p.x > size.x || p.y > size.y) { return; }
        var x = p.x + laid[i][0], y = p.y + laid[i][1];
        box = box ? [Math.min(box[0], x - r), Math.min(box[1], y - r), Math.max(box[2], x + r), Math.max(box[3], y + r)]
          : [x - r, y - r, x + r, y + r];
      });
      if (!box) { return; }
      if (!fits(box, size, MARGIN) && zoomOuts > 0 && map.getZoom() > map.getMinZoom()) {
        zoomOuts -= 1;  // lays the glyphs out again (zoomend), then the fans are measured again
        map.setView(map.containerPointToLatLng(L.point((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)),
                    map.getZoom() - 1, {animate: false});
        keepInView();
        return;
      }
      var shift = fitInside(box, size, MARGIN);
      if (shift[0] || shift[1]) { map.panBy(L.point(-shift[0], -shift[1]), {animate: false}); }
    }
    // A popup covers at most a quarter of the map (a phone's map is small: the rest stays in sight), and pans clear
    // of the map's controls, as they stand now; content that must scroll for it takes the keyboard focus, so a
    // keyboard can scroll it too.
    function clearOfControls(e) {
      var popup = e.popup, size = map.getSize(), base = options.popup || {};
      var room = popupRoom(size, base.maxWidth || 300, base.maxHeight || 300, POPUP_SHARE, POPUP_FRAME);
      var pad = popupPadding(size, controlBoxes(), options.wide || 900, 8);
      popup.options.autoPanPaddingTopLeft = L.point(pad[0]);
      popup.options.autoPanPaddingBottomRight = L.point(pad[1]);
      if (popup.options.maxWidth !== room[0] || popup.options.maxHeight !== room[1]) {
        popup.options.maxWidth = room[0];
        popup.options.maxHeight = room[1];
        popup.update();  // lays the popup out again at its new size, and pans it into view
      } else if (popup._adjustPan) { popup._adjustPan(); }
      var content = popup.getElement() && popup.getElement().querySelector(".leaflet-popup-content");
      if (content) {
        if (content.classList.contains("leaflet-popup-scrolled")) { content.setAttribute("tabindex", "0"); }
        else { content.removeAttribute("tabindex"); }
      }
    }
    // The glyphs seen whole in the view, kept at each move: when the map narrows (the details drawer opens beside
    // it), the view is fitted again to hold them all, at most as close as before.
    var inView = [];
    function noteInView() {
      if (!map) { return; }
      var size = map.getSize();
      inView = markers.filter(function (m, i) {
        var p = map.latLngToContainerPoint(m.getLatLng()), o = laid[i] || [0, 0], r = radius(rows[i]);
        var x = p.x + o[0], y = p.y + o[1];
        return !shown[rows[i].place] && x - r >= 0 && y - r >= 0 && x + r <= size.x && y + r <= size.y;
      });
    }
    function keepSeen(e) {
      if (!e || !e.oldSize || e.newSize.x >= e.oldSize.x || !inView.length) { return; }
      var size = map.getSize(), lost = inView.some(function (m) {
        var i = markers.indexOf(m), p = map.latLngToContainerPoint(m.getLatLng()), o = laid[i] || [0, 0];
        var r = radius(rows[i]), x = p.x + o[0], y = p.y + o[1];
        return x - r < 0 || y - r < 0 || x + r > size.x || y + r > size.y;
      });
      if (!lost) { return; }
      var far = inView.reduce(function (n, m) {
        var o = laid[markers.indexOf(m)] || [0, 0];
        return Math.max(n, Math.abs(o[0]), Math.abs(o[1]));
      }, 0) + 17 + MARGIN;
      var seenBefore = inView.slice();
      map.fitBounds(L.latLngBounds(seenBefore.map(function (m) { return m.getLatLng(); })),
                    {padding: [far, far], maxZoom: map.getZoom(), animate: false});
    }
    function popupStaysInView() {  // the map was resized (the page's drawer opened beside it): pan its popup back in
      var popup = map && map._popup;
      if (popup && map.hasLayer(popup) && markers.indexOf(popup._source) >= 0) { clearOfControls({popup: popup}); }
    }
    layer.on("add", function (e) {
      map = e.target._map || layer._map;
      focusInPlace(map.getContainer());
      map.getPane("markerPane").addEventListener("keydown", onKey);
      map.on("zoomend viewreset", arrange);
      map.on("resize", popupStaysInView);
      map.on("resize", keepSeen);
      map.on("moveend", noteInView);
      map.once("evacmapopened", opened);
      arrange();
      markers.forEach(function (marker, i) {
        marker.on("popupopen", clearOfControls);
        if (options.open && rows[i].id === options.open) { marker.openPopup(); }
      });
    });
    layer.on("remove", function () {
      if (map) { map.getPane("markerPane").removeEventListener("keydown", onKey); }
      if (map) { map.off("resize", keepSeen); map.off("moveend", noteInView); }
      if (map) { map.off("zoomend viewreset", arrange); map.off("resize", popupStaysInView); map.off("evacmapopened", opened); }
      map = null;
    });
    layer.arrange = arrange;
    return layer;
  }

  // The popup's largest size on a map of `size` {x, y}: within `width` × `height`, and room around it on a small map.
  function popupSize(size, width, height) {
    return {maxWidth: Math.max(120, Math.min(width, size.x - 70)), maxHeight: Math.max(120, Math.min(height, size.y - 140))};
  }

  // The events `rows` as glyphs on `parent` (a layer of `map`): o.width, o.height and o.pad of their popups, o.moved
  // (the event fired when markers move), o.open (the id of the event whose popup opens, or null). Returns the group.
  function drawOn(map, parent, rows, o) {
    var most = popupSize(map.getSize(), o.width, o.height);
    var popup = {maxWidth: most.maxWidth, maxHeight: most.maxHeight, autoPanPaddingTopLeft: o.pad[0],
                 autoPanPaddingBottomRight: o.pad[1], className: "evacmap-popup"};
    var layer = group(rows, {popup: popup, moved: o.moved, open: o.open, fit: true, badges: true});
    layer.addTo(parent);
    return layer;
  }

  var api = {drawOn: drawOn, popupSize: popupSize, layout: layout, order: order, reach: reach, radius: radius, popupPadding: popupPadding,
             fits: fits, fitInside: fitInside, popupOpens: popupOpens, popupRoom: popupRoom, POPUP_SHARE: POPUP_SHARE,
             POPUP_FRAME: POPUP_FRAME, rowWidth: rowWidth,
             group: group, GAP: GAP, badged: badged, badgeHtml: badgeHtml, BADGE_MIN: BADGE_MIN};
  if (typeof module === "object" && module.exports) { module.exports = api; } else { root.evacmapGlyphs = api; }
})(typeof window !== "undefined" ? window : this);
