/* The map's own small controls and marks (geo/map/style.py, assets.py, build.py, ready.py, geography.py,
 * playback_control.py): a fixed box (the title or the legend), the line saying tiles could not be loaded, the map
 * as its page's main landmark, its "drawn" message, the geography under the tiles, and a stopped step shown on a
 * drawn map.
 * folded() is pure: whether a box's folded part is open on a map this wide.
 * Loaded as a plain script (window.evacmapControls) or as a CommonJS module (node --test).
 */
(function (root) {
  "use strict";

  // Whether a box's folded part (its <details>) opens on a map `width` px wide: on a wide map, not on a narrow one.
  function folded(width, openPx) {
    return width >= openPx;
  }

  // A fixed box on `map`: o.position, o.cssClass, o.body (HTML whose data text is escaped), o.openPx.
  function box(map, o) {
    var L = root.L, control = L.control({position: o.position});
    control.onAdd = function () {
      var div = L.DomUtil.create("div", o.cssClass);
      div.innerHTML = o.body;
      var part = div.querySelector("details");
      if (part) {  // open on a wide map, folded on a narrow one, until the reader folds or opens it
        var touched = false;
        var fit = function () { if (!touched) { part.open = folded(map.getSize().x, o.openPx); } };
        fit();
        part.querySelector("summary").addEventListener("click", function () { touched = true; });
        map.on("resize", fit);
        map.on("popupopen", function () { if (!folded(map.getSize().x, o.openPx)) { part.open = false; } });
      }
      L.DomEvent.disableClickPropagation(div);
      return div;
    };
    control.addTo(map);
  }

  // One line `o.text` (class o.cssClass) at the bottom left of `map` once one of its tile layers fails to load a tile.
  function tileNotice(map, o) {
    var L = root.L, shown = false;
    var notice = L.control({position: "bottomleft"});
    notice.onAdd = function () {
      var line = L.DomUtil.create("div", o.cssClass);
      line.setAttribute("role", "status");
      line.textContent = o.text;
      return line;
    };
    function watch(layer) {
      if (!(layer instanceof L.TileLayer) || layer._evacmapWatched) { return; }
      layer._evacmapWatched = true;
      layer.on("tileerror", function () {
        if (!shown) { shown = true; notice.addTo(map); map.fire("evacmapcontrolsmoved"); }
      });
    }
    map.eachLayer(watch);
    map.on("layeradd", function (event) { watch(event.layer); });
  }

  // `map`'s container is its page's main landmark, named "Map"; its routes' lines are out of the tab order.
  function landmark(map) {
    map.getContainer().setAttribute("role", "main");
    map.getContainer().setAttribute("aria-label", "Map");
    function untab() {
      map.getPanes().overlayPane.querySelectorAll("path").forEach(function (p) { p.setAttribute("tabindex", "-1"); });
    }
    map.whenReady(untab);
    map.on("layeradd", untab);
  }

  // Send `kind` (channel.js) once the map `layer` is (or the layer is added to) has drawn and painted its markers.
  function whenDrawn(layer, kind) {
    var L = root.L;
    function drawn(map) {
      map.whenReady(function () {  // after the markers have been painted
        root.requestAnimationFrame(function () { setTimeout(function () { root.evacmapChannel.send(kind); }, 0); });
      });
    }
    if (layer instanceof L.Map) { drawn(layer); } else { layer.once("add", function () { drawn(layer._map); }); }
  }

  // The geography `data` (GeoJSON features of kind sea, land, coast, border) on `map` in a pane below the tiles,
  // each kind drawn in its `look`, credited with `attribution`.
  function geography(map, data, look, attribution) {
    var L = root.L, pane = map.createPane("evacmapGeography");
    pane.style.zIndex = 150;  // below the tiles (200)
    pane.style.pointerEvents = "none";
    L.geoJSON(data, {pane: "evacmapGeography", interactive: false, attribution: attribution,
      style: function (f) { return look[f.properties.kind]; }}).addTo(map);
  }

  // Once `group` is on a map drawn with a playback: show the step whose window ends at `end` in place; taken off, the
  // whole window again (geo/map/playback_control.py says why a removal waits a moment).
  function stoppedStep(group, end) {
    var map = null;
    function playback() { return map && map.getContainer().evacmapPlayback; }
    group.on("add", function () {
      map = group._map;
      var p = playback();
      clearTimeout(root.evacmapStepRelease);
      if (p && !p.playing() && root.evacmapStepShown !== end) { p.at(end); root.evacmapStepShown = end; }
    });
    group.on("remove", function () {
      var p = playback();
      root.evacmapStepRelease = setTimeout(function () {
        root.evacmapStepShown = null;
        if (p && !p.playing()) { p.reset(); }
      }, 50);
    });
  }

  var api = {folded: folded, box: box, tileNotice: tileNotice, landmark: landmark, whenDrawn: whenDrawn,
             geography: geography, stoppedStep: stoppedStep};
  if (typeof module === "object" && module.exports) { module.exports = api; } else { root.evacmapControls = api; }
})(typeof window !== "undefined" ? window : this);
