/* The playback's control inside the map (geo/map/playback.py says what it shows and how): its folded
 * "Play" button, the bar it unfolds, and the stepping of the map's layers. add(map, data, hidden, options)
 * adds it; options: {send, moved, name} (send: tell the page where playback stopped, through
 * window.evacmapChannel). Every data text in `data` arrives escaped. A step shows the corridors' widths by people
 * moved as they stood at its end (map.evacmapFlows, flows.js), whatever the mode: the flows grow step by step.
 * stepCells() and stepOrder() are pure: what a step shows, and which steps are played.
 * Loaded as a plain script (window.evacmapPlaybackControl) or as a CommonJS module (node --test).
 */
(function (root) {
  // The table of steps the playback is at (opts.step: "hour", "day"...), or an empty one.
  function stepTable(data, opts) { return data.steps[opts.step] || {starts: [], ends: [], labels: [], iso: []}; }

  // What step i shows: active (events in it), sofar (events up to its end), items (events as [index, in it 1/0], or
  // places as [place, in it 1/0, count]) and routes (the corridors in use in it).
  function stepCells(data, opts, i) {
    var t = stepTable(data, opts), t0 = t.starts[i], t1 = t.ends[i], out = {active: 0, sofar: 0, items: [], routes: []};
    if (data.kind === "events") {
      (data.events || []).forEach(function (e, k) {
        var on = e[3] < t1 && (e[4] > t0 || e[3] >= t0), before = e[3] < t1;
        if (on) { out.active += 1; }
        if (before) { out.sofar += 1; }
        if (on || (before && opts.mode === "cumulative")) { out.items.push([k, on ? 1 : 0]); }
      });
    } else {
      var b = t.bins[i];
      out.active = t.totals[i][0]; out.sofar = t.totals[i][1];
      for (var j = 0; j < b.length; j += 3) {
        var n = opts.mode === "cumulative" ? b[j + 2] : b[j + 1];
        if (n > 0) { out.items.push([b[j], b[j + 1] > 0 ? 1 : 0, n]); }
      }
    }
    // a corridor's span in use [c[1], c[2]) against the step [t0, t1); c[1] == c[2]: in use at that instant
    data.corridors.forEach(function (c, k) { if (c[1] < t1 && (c[2] > t0 || c[1] === c[2] && c[1] >= t0)) { out.routes.push(k); } });
    return out;
  }

  // The steps played, in order: every step, or with opts.skip only those with an event or a corridor in use.
  function stepOrder(data, opts) {
    var t = stepTable(data, opts), order = [];
    for (var i = 0; i < t.starts.length; i++) {
      if (!opts.skip) { order.push(i); continue; }
      var c = stepCells(data, opts, i);
      if (c.active > 0 || c.routes.length > 0) { order.push(i); }
    }
    return order;
  }

  function add(map, data, hidden, options) {
    var opts = data.options, drawn = L.layerGroup(), timer = null, at = -1, order = [], ui = {};
    var events = data.events || [];
    var places = (data.places || []).map(function (p) {
      var marker = L.marker([p[0], p[1]], {keyboard: false, icon: L.divIcon({
        html: "<div></div>", className: "evacmap-playback-count", iconSize: [38, 38], iconAnchor: [19, 19]})});
      marker.bindTooltip(p[2]);
      return marker;
    });
    var routes = data.corridors.map(function (c) {
      return L.polyline(c[0], {color: c[3], weight: 6, opacity: 0.85, dashArray: "10 8"}).bindTooltip(c[4]);
    });
    function table() { return stepTable(data, opts); }
    function cells(i) { return stepCells(data, opts, i); }
    function rebuildOrder() {
      order = stepOrder(data, opts);
      ui.slider.max = Math.max(order.length - 1, 0);
    }
    function setLayers(stepping) {
      function place(layer, wanted) {
        if (wanted && !map.hasLayer(layer)) { map.addLayer(layer); }
        if (!wanted && map.hasLayer(layer)) { map.removeLayer(layer); }
      }
      map.evacmapStepping = stepping;  // the names stay put while the steps change (labels.js)
      hidden.forEach(function (l) { place(l, !stepping); });
      place(drawn, stepping);
    }
    function show(position) {
      if (position < 0 || position >= order.length) { return false; }
      var i = order[position], t = table(), c = cells(i);
      at = position;
      fold(false);
      setLayers(true);
      drawn.clearLayers();
      if (map.evacmapFlows) { map.evacmapFlows.at(t.ends[i]); }  // the corridors' widths as they stood by the step's end
      routes.forEach(function (r, k) { if (c.routes.indexOf(k) >= 0) { drawn.addLayer(r); } });
      if (data.kind === "events") {  // the map's own glyphs, the earlier ones faded in cumulative mode
        drawn.addLayer(evacmapGlyphs.group(c.items.map(function (it) {
          var glyph = Object.assign({}, events[it[0]][6]);
          if (!it[1]) { glyph.faded = true; glyph.opacity = 0.35; }
          return glyph;
        }), {moved: options.moved}));
      } else {
        c.items.forEach(function (it) {
          var m = places[it[0]];
          drawn.addLayer(m);
          var el = m.getElement(), size = Math.round(Math.min(46, 18 + 6 * Math.log2(it[2] + 1)));
          var disc = el.firstChild;
          disc.textContent = it[2];
          disc.style.width = disc.style.height = disc.style.lineHeight = size + "px";
          disc.style.margin = (19 - size / 2) + "px 0 0 " + (19 - size / 2) + "px";
          m.setZIndexOffset(it[2]);  // the busier place on top
          L.DomUtil[it[1] ? "removeClass" : "addClass"](el, "evacmap-faded");
        });
      }
      var count = opts.mode === "cumulative" ? c.active + " " + (c.active === 1 ? data.text.event : data.text.events)
        + " · " + c.sofar + " " + data.text.so_far : c.active + " " + (c.active === 1 ? data.text.event : data.text.events);
      if (t.partial) { count += " (" + data.text.busiest + ")"; }
      var empty = c.active === 0 && (opts.mode !== "cumulative" || c.sofar === 0);
      // an empty step says so; a step after skipped ones says which (the labels arrive escaped)
      ui.clock.innerHTML = t.labels[i] + (c.active === 0 ? " \u00B7 " + data.text.none : "");
      var gone = position > 0 ? [order[position - 1] + 1, i - 1] : [0, i - 1];
      ui.count.innerHTML = "";
      ui.count.textContent = empty ? "" : count;
      if (opts.skip && gone[1] >= gone[0]) {
        var skipped = L.DomUtil.create("span", "evacmap-playback-skipped", ui.count);
        skipped.innerHTML = (empty ? "" : " \u00B7 ") + data.text.skipped + " " + t.labels[gone[0]]
          + (gone[1] > gone[0] ? " \u2013 " + t.labels[gone[1]] : "");
      }
      ui.box.setAttribute("data-skipped", opts.skip ? Math.max(0, gone[1] - gone[0] + 1) : 0);
      ui.box.setAttribute("data-start", t.iso[i][0]);
      ui.box.setAttribute("data-end", t.iso[i][1]);
      ui.box.setAttribute("data-active", c.active);
      ui.box.setAttribute("data-drawn", c.items.length);
      ui.slider.value = position;
      return true;
    }
    function reset() {
      pause(false);
      at = -1;
      setLayers(false);
      if (map.evacmapFlows) { map.evacmapFlows.at(null); }
      ui.clock.innerHTML = data.text.whole;
      ui.count.textContent = "";
      ["data-start", "data-end", "data-active", "data-drawn"].forEach(function (a) { ui.box.removeAttribute(a); });
      ui.slider.value = 0;
    }
    function tell() {
      if (!options.send || at < 0) { return; }
      var t = table(), i = order[at];
      var start = opts.mode === "cumulative" ? data.window[0] : t.whole[i][0];  // the whole day or hour
      root.evacmapChannel.send("stopped", {start: start, end: t.whole[i][1]});
    }
    // The page shows the step a playback stopped on (its window ends at `end`, ISO 8601): show that step in place.
    function at(end) {
      var t = table(), wanted = Date.parse(end), found = -1;
      order.forEach(function (i, p) { if (Date.parse(t.whole[i][1]) === wanted) { found = p; } });
      return found >= 0 && show(found);
    }
    function label(playing) {
      var folded = L.DomUtil.hasClass(ui.box, "evacmap-folded");
      ui.play.textContent = playing ? "\u275A\u275A" : folded ? "\u25B6 Play" : "\u25B6";
      ui.play.setAttribute("aria-label", playing ? "Pause" : "Play");
      ui.play.title = playing ? "Pause" : "Play";
    }
    function room() {  // the unfolded bar stops short of the bottom-right column (legend, inset), never under it
      var right = map._controlCorners.bottomright, reach = 0, frame = map.getContainer().getBoundingClientRect();
      [].slice.call(right.children).forEach(function (c) {
        if (!L.DomUtil.hasClass(c, "leaflet-control-attribution")) {
          reach = Math.max(reach, frame.right - c.getBoundingClientRect().left);
        }
      });
      ui.box.style.maxWidth = Math.max(200, map.getSize().x - reach - 30) + "px";
    }
    function fold(folded) {
      if (!folded) { room(); }
      var was = L.DomUtil.hasClass(ui.box, "evacmap-folded");
      L.DomUtil[folded ? "addClass" : "removeClass"](ui.box, "evacmap-folded");
      if (was !== folded) { map.fire("evacmapcontrolsmoved"); }  // the names make room again (labels.js)
      if (folded) { settings(false); }
      label(timer !== null);
    }
    function settings(open) {
      ui.settings.hidden = !open;
      ui.gear.setAttribute("aria-expanded", open ? "true" : "false");
    }
    // Pause keeps the step, the page's window and the focus; stopped (Stop, or the last step reached): the page
    // is told the step, and shows it.
    function pause(stopped) {
      clearInterval(timer);
      timer = null;
      label(false);
      if (stopped) { tell(); }
    }
    function play() {
      if (!order.length) { return; }
      if (at < 0 || at >= order.length - 1) { show(0); } else { show(at + 1); }
      label(true);
      timer = setInterval(function () {
        if (at >= order.length - 1 || !show(at + 1)) { pause(true); }
      }, data.speeds[opts.speed]);
    }
    function option(name, value) {
      opts[name] = value;
      if (name === "speed" && timer) { pause(false); play(); return; }
      if (name === "speed") { return; }
      var keep = at >= 0 ? table().starts[order[at]] : null;
      rebuildOrder();
      if (keep === null) { return; }
      var t = table(), found = 0;
      order.forEach(function (i, p) { if (t.starts[i] <= keep) { found = p; } });
      show(found);
    }
    function menu(box, name, choices, label) {
      var select = L.DomUtil.create("select", "evacmap-playback-" + name, box);
      select.setAttribute("aria-label", label);
      choices.forEach(function (c) {
        var o = document.createElement("option"); o.value = c; o.textContent = c; select.appendChild(o);
      });
      select.value = opts[name];
      L.DomEvent.on(select, "change", function () { option(name, select.value); });
      return select;
    }
    var control = L.control({position: "bottomleft"});
    function button(cls, box, text, name) {
      var b = L.DomUtil.create("button", cls, box);
      b.type = "button";
      b.textContent = text;
      if (name) { b.setAttribute("aria-label", name); b.title = name; }
      return b;
    }
    control.onAdd = function () {
      var box = ui.box = L.DomUtil.create("div", "evacmap-playback leaflet-bar evacmap-folded");
      box.setAttribute("role", "group");
      box.setAttribute("aria-label", "Playback");
      var bar = L.DomUtil.create("div", "evacmap-playback-bar", box);
      ui.play = button("evacmap-playback-play", bar, "\u25B6 Play", "Play");
      ui.clock = L.DomUtil.create("span", "evacmap-playback-time", bar);
      ui.clock.setAttribute("aria-live", "off");
      ui.gear = button("evacmap-playback-gear", bar, "\u2699", "Playback settings");
      ui.stop = button("evacmap-playback-stop", bar, "\u25A0", "Stop: show this step on the page");
      var close = button("evacmap-playback-close", bar, "\u00D7", "Close playback");
      ui.slider = L.DomUtil.create("input", "evacmap-playback-slider", box);
      ui.slider.type = "range";
      ui.slider.min = 0;
      ui.slider.setAttribute("aria-label", "Step");
      ui.count = L.DomUtil.create("span", "evacmap-playback-count-text", box);
      ui.settings = L.DomUtil.create("div", "evacmap-playback-settings", box);
      ui.settings.id = options.name + "-settings";
      ui.gear.setAttribute("aria-controls", ui.settings.id);
      var whole = button("evacmap-playback-whole", ui.settings, "Whole window");
      menu(ui.settings, "step", Object.keys(data.steps), "Step");
      menu(ui.settings, "speed", Object.keys(data.speeds), "Speed");
      menu(ui.settings, "mode", ["window", "cumulative"], "Mode");
      var skipLabel = L.DomUtil.create("label", "evacmap-playback-skip", ui.settings);
      var skip = L.DomUtil.create("input", "", skipLabel);
      skip.type = "checkbox";
      skip.checked = opts.skip;
      skipLabel.appendChild(document.createTextNode(" skip empty"));
      settings(false);
      L.DomEvent.disableClickPropagation(box);
      L.DomEvent.disableScrollPropagation(box);
      L.DomEvent.on(ui.play, "click", function () {
        if (timer) { pause(false); } else { fold(false); play(); }
      });
      L.DomEvent.on(ui.stop, "click", function () { pause(true); });
      L.DomEvent.on(ui.gear, "click", function () { settings(ui.settings.hidden); });
      L.DomEvent.on(close, "click", function () { reset(); fold(true); ui.play.focus(); });
      L.DomEvent.on(whole, "click", reset);
      L.DomEvent.on(skip, "change", function () { option("skip", skip.checked); });
      L.DomEvent.on(ui.slider, "input", function () { pause(false); show(Number(ui.slider.value)); });
      return box;
    };
    control.addTo(map);
    rebuildOrder();
    reset();
    var api = {
      count: function () { return order.length; },
      show: show, at: at, reset: reset, pause: function () { pause(false); }, stop: function () { pause(true); }, play: play,
      set: option, playing: function () { return timer !== null; }
    };
    map.getContainer().evacmapPlayback = api;
    window.evacmapPlayback = api;
    return api;
  }

  var api = {add: add, stepCells: stepCells, stepOrder: stepOrder};
  if (typeof module === "object" && module.exports) { module.exports = api; } else { root.evacmapPlaybackControl = api; }
})(typeof window !== "undefined" ? window : this);
