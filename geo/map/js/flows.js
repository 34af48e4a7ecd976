/* People moved along the corridors (geo/map/flows.py says what is drawn and why).
 *
 * figureAt(), flowOf(), width(), figure(), label(), arrivedLabel(), compactLabel(), midway(), covered(), fractions() and
 * spotAlong() are pure: what one claimant's figure
 * is at the end of a step, what a corridor carries for one claimant or for all of them (the range from the lowest to the highest
 * figure: never a sum, never a mean), how wide that is drawn, and what its label says (the people said to have arrived
 * by it as a figure of their own, never added to those who set out nor drawn as width).
 * draw(map, layer, data) draws each corridor as a pale band from its low figure's width to its high figure's, under a
 * line of its low figure's width, labelled with the figure and who gave it; a corridor with no figure stays a thin
 * dashed line and says so. It adds a menu choosing the claimant, and map.evacmapFlows: at(t) shows the figures as
 * they stood at the end of a step ending at t (epoch seconds; null: the whole window), choose(claimant), state(), and
 * placeLabels(taken), which moves each label along its route to where it covers least of the glyphs and the names.
 * Every data text arrives escaped. Loaded as a plain script (window.evacmapFlows) or as a CommonJS module
 * (node --test).
 */
(function (root) {
  "use strict";

  var ALL = "all";
  var LABEL_Z = -100000;  // a label's z-index offset: under every glyph, whose offsets are their latitudes' pixels
  var SPOT_STEP = 40;  // pixels between the spots tried along the part of a route in view
  var LABEL_ON_LABEL = 20;  // how many times over another corridor's label counts against a spot
  var CROWDED = 0.1;  // a full label covering more than this share of its box with glyphs, names or labels: its figure alone
  var COMPACT_BELOW = 600;  // a map narrower than this (pixels) labels each corridor with its figure alone
  var GAP = 6;  // pixels between the claimant menu and a box above it

  // How far (pixels) to move a box {left, top, right, bottom} down so that it clears another box above it (the
  // map's title on a phone, which can reach over the left corner's controls); 0 when they do not meet.
  function clearance(box, other) {
    if (!other || box.right <= other.left || other.right <= box.left || box.bottom <= other.top
        || other.bottom + GAP <= box.top) { return 0; }
    return other.bottom + GAP - box.top;
  }

  // One claimant's figures, [[epoch of its local day's start, low, high], ...] in day order: the one standing at the
  // end of a step ending at t (a day's figure stands from the day's first step), the last one for t null.
  function figureAt(told, t) {
    var found = null;
    (told || []).forEach(function (row) { if (t === null || t === undefined || row[0] < t) { found = row; } });
    return found === null ? null : [found[1], found[2]];
  }

  // What a corridor carries at t for one claimant, or for all of them as a range: {low, high, by: [[who, low, high]]},
  // or null where no figure stands.
  function flowOf(series, claimant, t) {
    var names = claimant === ALL ? Object.keys(series).sort() : [claimant];
    var by = [];
    names.forEach(function (who) {
      var f = figureAt(series[who], t);
      if (f !== null) { by.push([who, f[0], f[1]]); }
    });
    if (!by.length) { return null; }
    return {low: Math.min.apply(null, by.map(function (b) { return b[1]; })),
            high: Math.max.apply(null, by.map(function (b) { return b[2]; })), by: by};
  }

  // Pixels for n people: scale.min for none, scale.max for the largest figure of the window, in proportion between.
  function width(n, scale) {
    if (!(scale.largest > 0)) { return scale.min; }
    return Math.round((scale.min + (scale.max - scale.min) * Math.min(n, scale.largest) / scale.largest) * 10) / 10;
  }

  function number(n) { return Math.round(n).toLocaleString("en-US"); }

  function figure(low, high) { return low === high ? number(low) : number(low) + "\u2013" + number(high); }

  // Who gave a flow's figure; for all claimants, who gave its two ends.
  function givenBy(flow, text) {
    if (flow.by.length === 1) { return text.by + " " + flow.by[0][0]; }
    function who(pick, value) {
      return flow.by.filter(function (b) { return pick(b) === value; }).map(function (b) { return b[0]; }).join("; ");
    }
    var lowest = who(function (b) { return b[1]; }, flow.low), highest = who(function (b) { return b[2]; }, flow.high);
    return text.lowest + " " + lowest + ", " + text.highest + " " + highest;
  }

  // The label of a flow: the figure and who gave it; for all claimants, the range and who gave its two ends.
  function label(flow, text) {
    if (flow === null) { return text.none; }
    return figure(flow.low, flow.high) + " " + text.people + " \u00B7 " + givenBy(flow, text);
  }

  // The label's part for the people said to have arrived by the corridor: a figure of its own, never added to those
  // who set out ("" where none is told).
  function arrivedLabel(flow, text) {
    if (flow === null) { return ""; }
    return text.arrived + " " + figure(flow.low, flow.high) + " \u00B7 " + givenBy(flow, text);
  }

  // The label on a small map (a phone's: under COMPACT_BELOW pixels wide), where a full label would hide the places
  // beside the corridor: the figure alone; who gave it stays in the corridor's hover text and the menu.
  // With `came`, the people said to have arrived, their figure after it.
  function compactLabel(flow, text, came) {
    var head = flow === null ? (came ? text.none_left : text.none) : figure(flow.low, flow.high) + " " + text.people;
    return came ? head + "; " + text.arrived + " " + figure(came.low, came.high) : head;
  }

  // The hover text: the corridor's name, then each claimant's figure on a line of its own (then, with `came`, each
  // figure of the people said to have arrived).
  function tooltip(name, flow, text, came) {
    var lines = flow === null ? "<br>" + (came ? text.none_left : text.none)
      : flow.by.map(function (b) { return "<br>" + b[0] + ": " + figure(b[1], b[2]); }).join("");
    if (came) { lines += came.by.map(function (b) { return "<br>" + text.arrived + ", " + b[0] + ": " + figure(b[1], b[2]); }).join(""); }
    return name + lines;
  }

  // The point a fraction of the way along a route of [lat, lon] points (straight lines between them, in degrees);
  // halfway by default.
  function midway(route, fraction) {
    var legs = [], total = 0;
    for (var i = 1; i < route.length; i++) {
      var d = Math.hypot(route[i][0] - route[i - 1][0], route[i][1] - route[i - 1][1]);
      legs.push(d); total += d;
    }
    var left = total * (fraction === undefined ? 0.5 : fraction);
    for (var k = 0; k < legs.length; k++) {
      if (left <= legs[k] && legs[k] > 0) {
        var f = left / legs[k], a = route[k], b = route[k + 1];
        return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
      }
      left -= legs[k];
    }
    return route[route.length - 1].slice();
  }

  // How much of a box {left, top, right, bottom} other boxes cover, in square pixels (overlaps counted each time).
  function covered(box, taken) {
    return taken.reduce(function (sum, other) {
      var w = Math.min(box.right, other.right) - Math.max(box.left, other.left);
      var h = Math.min(box.bottom, other.bottom) - Math.max(box.top, other.top);
      return sum + (w > 0 && h > 0 ? w * h : 0);
    }, 0);
  }

  // Which of the `points` ({x, y}, in the order tried) a label of `width` × `height` centred on it covers least of
  // the boxes `taken` (glyphs, place names, controls) at, within the `frame`; the first of the least: an index. A
  // spot whose label leaves the frame comes after every spot inside it.
  function spotAlong(points, width, height, taken, frame) {
    var best = 0, bestScore = Infinity;
    points.forEach(function (at, i) {
      var box = centred(at, width, height);
      var out = box.left < frame.left || box.right > frame.right || box.top < frame.top || box.bottom > frame.bottom;
      var score = covered(box, taken) + (out ? width * height * 1000 : 0);
      if (score < bestScore) { best = i; bestScore = score; }
    });
    return best;
  }

  // Whether a label of `size` {width, height} centred at `at` {x, y} has more than CROWDED of its box covered by the
  // boxes `taken`.
  function crowded(at, size, taken) {
    return covered(centred(at, size.width, size.height), taken) > CROWDED * size.width * size.height;
  }

  // The box {left, top, right, bottom} of a label `width` × `height` centred on the point `at` {x, y}.
  function centred(at, width, height) {
    return {left: at.x - width / 2, top: at.y - height / 2, right: at.x + width / 2, bottom: at.y + height / 2};
  }

  // Points every `step` pixels along a route given in pixels ([{x, y}, ...]) at which a label of `width` × `height`
  // centred there stays inside the `frame`: where a label may stand on the part of its corridor the reader sees, when
  // most of the route lies outside the view (December's corridors run off towards Idlib).
  function visibleSpots(route, width, height, frame, step) {
    var out = [];
    for (var k = 0; k + 1 < route.length; k++) {
      var a = route[k], b = route[k + 1], length = Math.hypot(b.x - a.x, b.y - a.y);
      for (var d = 0; d <= length; d += step) {
        var f = length ? d / length : 0, x = a.x + (b.x - a.x) * f, y = a.y + (b.y - a.y) * f;
        if (x - width / 2 >= frame.left && x + width / 2 <= frame.right &&
            y - height / 2 >= frame.top && y + height / 2 <= frame.bottom) { out.push({x: x, y: y}); }
      }
    }
    return out;
  }

  // The fractions of its route a corridor's label is tried at: its own first (corridors sharing a road kept apart),
  // then farther from it either way, within the route's middle four fifths.
  function fractions(own) {
    var out = [own];
    [0.1, 0.2, 0.3, 0.4].forEach(function (d) {
      [own - d, own + d].forEach(function (f) { if (f > 0.1 - 1e-9 && f < 0.9 + 1e-9) { out.push(f); } });
    });
    return out;
  }

  // A corridor's label as a marker's icon: `html` (escaped as it arrived) in a box centred on the marker's point.
  function labelIcon(html, none) {
    return L.divIcon({className: "evacmap-flow-label-icon", iconSize: null,
                      html: '<div class="evacmap-flow-label' + (none ? " evacmap-flow-none" : "") + '">' + html + "</div>"});
  }

  function draw(map, layer, data) {
    var choice = ALL, t = null, text = data.text;
    var drawn = data.corridors.map(function (c, k) {
      var band = L.polyline(c.route, {color: c.colour, opacity: 0.3, lineCap: "butt", interactive: false});
      var line = L.polyline(c.route, {color: c.colour, lineCap: "round"});
      // the label: a marker no pointer or key reaches (not a tooltip: the map's tooltips are what a hover or tap opens),
      // drawn under every glyph, so that a label never hides an event (an event's glyph may hide part of a label)
      var own = (k + 1) / (data.corridors.length + 1);  // corridors sharing a road: apart
      var tag = L.marker(midway(c.route, own),
                         {interactive: false, keyboard: false, zIndexOffset: LABEL_Z, icon: labelIcon("", false)});
      line.bindTooltip("", {sticky: true});
      layer.addLayer(band); layer.addLayer(line); layer.addLayer(tag);
      return {corridor: c, band: band, line: line, tag: tag, own: own};
    });
    // Each label moved along its route to where it covers least of the boxes `taken` (client pixels: the glyphs and
    // the map's controls), the labels before it included; the labels' boxes returned, for the place names to keep
    // clear of (labels.js calls this as it lays the names out, so the two never stand on each other).
    function placeLabels(taken) {
      var frame = map.getContainer().getBoundingClientRect(), boxes = [];
      drawn.forEach(function (d) {
        var icon = d.tag.getElement(), label = icon && icon.firstChild;
        if (!label) { return; }
        if (d.compacted) { label.innerHTML = d.full; d.compacted = false; }  // the view may have room now
        var size = label.getBoundingClientRect();
        if (!size.width || !size.height) { return; }
        var tried = fractions(d.own).map(function (f) { return midway(d.corridor.route, f); });
        var points = tried.map(function (ll) {
          var p = map.latLngToContainerPoint(ll);
          return {x: frame.left + p.x, y: frame.top + p.y};
        });
        var route = d.corridor.route.map(function (ll) {
          var p = map.latLngToContainerPoint(ll);
          return {x: frame.left + p.x, y: frame.top + p.y};
        });
        visibleSpots(route, size.width, size.height, frame, SPOT_STEP).forEach(function (at) {
          points.push(at);
          tried.push(map.containerPointToLatLng([at.x - frame.left, at.y - frame.top]));
        });
        // another corridor's label counts many times over: two labels on each other can be read as neither
        var others = [];
        boxes.forEach(function (box) { for (var n = 0; n < LABEL_ON_LABEL; n++) { others.push(box); } });
        var crowd = taken.concat(others);
        var i = spotAlong(points, size.width, size.height, crowd, frame);
        if (d.compact && crowded(points[i], size, crowd)) {
          // nowhere along the route in view for the whole label: the figure alone (who gave it: the hover text)
          label.innerHTML = d.compact;
          d.compacted = true;
          size = label.getBoundingClientRect();
          i = spotAlong(points, size.width, size.height, crowd, frame);
        }
        d.tag.setLatLng(tried[i]);
        var box = label.getBoundingClientRect();
        boxes.push({left: box.left, top: box.top, right: box.right, bottom: box.bottom});
      });
      return boxes;
    }
    function update() {
      drawn.forEach(function (d) {
        var flow = flowOf(d.corridor.series, choice, t), none = flow === null;
        var came = flowOf(d.corridor.arrived || {}, choice, t);
        var low = none ? data.scale.min : width(flow.low, data.scale), high = none ? low : width(flow.high, data.scale);
        d.line.setStyle(none ? {weight: data.scale.min, color: "#555", opacity: 0.9, dashArray: "4 6"}
          : {weight: low, color: d.corridor.colour, opacity: 0.85, dashArray: null});
        d.band.setStyle({weight: high, opacity: none || high === low ? 0 : 0.3});
        var told = choice === ALL ? Object.keys(d.corridor.series).length > 0 : choice in d.corridor.series;
        var words = !none ? label(flow, text) : came !== null ? text.none_left : told && t !== null ? text.none_yet
          : choice !== ALL ? text.none_by + " " + choice : text.none;
        if (came !== null) { words += "; " + arrivedLabel(came, text); }
        var small = map.getSize().x < COMPACT_BELOW;
        var shown = (!none || came !== null) && small ? compactLabel(flow, text, came) : words;
        var some = !none || came !== null;
        var after = t !== null && some ? " " + text.so_far : "";
        d.full = shown + after;
        d.compact = some ? compactLabel(flow, text, came) + after : null;
        d.tag.setIcon(labelIcon(d.full, !some));
        d.compacted = false;  // a new icon holds the whole label
        d.line.setTooltipContent(tooltip(d.corridor.name, flow, text, came));
        d.state = {id: d.corridor.id, low: none ? null : flow.low, high: none ? null : flow.high,
                   line: low, band: high, label: words, by: none ? [] : flow.by.map(function (b) { return b[0]; }),
                   arrived: came === null ? null : {low: came.low, high: came.high,
                                                     by: came.by.map(function (b) { return b[0]; })}};
      });
    }
    if (data.claimants.length) {
      var menu = L.control({position: "topleft"});
      menu.onAdd = function () {
        var box = L.DomUtil.create("div", "evacmap-flow-menu leaflet-bar");
        var named = L.DomUtil.create("label", "", box);
        named.appendChild(document.createTextNode(text.menu + " "));
        var select = L.DomUtil.create("select", "", named);
        [[ALL, text.all]].concat(data.claimants.map(function (c) { return [c, c]; })).forEach(function (c) {
          var o = document.createElement("option"); o.value = c[0]; o.innerHTML = c[1]; select.appendChild(o);  // value: as it arrived
        });
        if (data.key) {  // the widths' scale, as the menu's hover text: a box of it would cover the places beside it
          var scale = document.createElement("div"); scale.innerHTML = data.key; box.title = scale.textContent;
        }
        L.DomEvent.disableClickPropagation(box);
        L.DomEvent.on(select, "change", function () { api.choose(select.value); });
        return box;
      };
      menu.addTo(map);
      var placeMenu = function () {  // below the title where a narrow map's title reaches over it
        var element = menu.getContainer();
        var title = map.getContainer().querySelector(".evacmap-title");
        element.style.marginTop = "";
        var other = title && title.closest(".leaflet-control");
        var down = other ? clearance(element.getBoundingClientRect(), other.getBoundingClientRect()) : 0;
        if (down > 0) { element.style.marginTop = (parseFloat(getComputedStyle(element).marginTop) + down) + "px"; }
      };
      map.whenReady(function () {  // once every control (the title too) is on the map
        setTimeout(placeMenu, 0);
        var title = map.getContainer().querySelector(".evacmap-title");
        if (title && typeof ResizeObserver !== "undefined") {  // the title grows as its font arrives, or wraps anew
          new ResizeObserver(placeMenu).observe(title);
        }
      });
      map.on("resize", placeMenu);
    }
    var api = {
      at: function (end) { t = end === undefined ? null : end; update(); },
      choose: function (claimant) {
        // a claimant as the menu holds it (its name escaped, as it arrived), or its name as a reader reads it
        var plain = document.createElement("textarea");
        choice = ALL;
        data.claimants.forEach(function (c) { plain.innerHTML = c; if (c === claimant || plain.value === claimant) { choice = c; } });
        var select = map.getContainer().querySelector(".evacmap-flow-menu select");
        if (select) { select.value = choice; }
        update();
      },
      state: function () { return {choice: choice, t: t, corridors: drawn.map(function (d) { return d.state; })}; },
      placeLabels: placeLabels
    };
    update();
    layer.on("add", update);  // the labels' elements exist once the layer is on the map
    map.on("resize", update);  // a map narrowed to a phone's width (or widened) shortens (or lengthens) its labels
    map.evacmapFlows = api;
    map.getContainer().evacmapFlows = api;
    return api;
  }

  var api = {ALL: ALL, clearance: clearance, figureAt: figureAt, flowOf: flowOf, width: width, figure: figure, label: label,
             arrivedLabel: arrivedLabel,
             compactLabel: compactLabel, COMPACT_BELOW: COMPACT_BELOW, tooltip: tooltip, midway: midway, covered: covered,
             spotAlong: spotAlong, crowded: crowded, fractions: fractions, visibleSpots: visibleSpots, draw: draw};
  if (typeof module === "object" && module.exports) { module.exports = api; } else { root.evacmapFlows = api; }
})(typeof window !== "undefined" ? window : this);
