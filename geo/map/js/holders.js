/* The map's "Who held what" layer (geo/map/holders.py): each held place a translucent disc of its precision radius
 * (at least MIN_PX on screen), in the holder's colour, in a pane under the corridors, the glyphs and the names; its legend shown while the layer
 * is on the map.
 * look(), shownRadius() and opens() are pure: how a place's disc is drawn, how wide, whether the legend opens on a map
 * this wide.
 * Loaded as a plain script (window.evacmapHolders) or as a CommonJS module (node --test).
 */
(function (root) {
  "use strict";

  var PANE = "evacmapHolders";
  var MIN_PX = 24;  // a disc is never drawn smaller than this on screen: a ring round the glyphs of a town on a map of the region
  var EQUATOR_M = 40075016.686;

  // How a place's disc is drawn: tinted in its holder's colour, its edge dashed where no holder is known at the
  // window's end (`toEnd` false: the tint is then the last holder's).
  function look(colour, toEnd) {
    return {pane: PANE, color: colour, weight: toEnd ? 1.5 : 2.5, opacity: 0.8, fillColor: colour, fillOpacity: 0.2,
            dashArray: toEnd ? null : "6 5"};
  }

  // The radius in metres to draw a place of precision `radiusM` at latitude `lat` on a map at `zoom`: its own, or as
  // many metres as `minPx` pixels are there where that is more.
  function shownRadius(radiusM, lat, zoom, minPx) {
    var perPixel = EQUATOR_M * Math.cos(lat * Math.PI / 180) / Math.pow(2, zoom + 8);
    return Math.max(radiusM, minPx * perPixel);
  }

  // Whether the legend opens on a map `width` px wide (as the map's own legend, controls.js): on a wide map, not on a
  // narrow one (a phone), where it would hide the places it tints, until the reader opens or folds it.
  function opens(width, openPx) {
    return width >= openPx;
  }

  // The discs of `o.places` ([lat, lon, radius m, colour, tooltip HTML, party id, known to the end, place id] each) in `layer`
  // of `map`, and the legend `o.legend` (HTML) at the bottom left while `layer` is on the map, open on a map at least
  // `o.openPx` wide.
  function draw(map, layer, o) {
    var L = root.L;
    if (!map.getPane(PANE)) {
      var pane = map.createPane(PANE);
      pane.style.zIndex = 350;  // above the tiles (200), under the routes and outlines (400) and the glyphs (600)
    }
    var discs = [];
    o.places.forEach(function (p) {
      var disc = L.circle([p[0], p[1]], Object.assign({radius: p[2]}, look(p[3], p[6])));
      discs.push([disc, p[2], p[0]]);
      disc.bindTooltip(p[4], {sticky: true, className: "evacmap-held-tooltip"});
      disc.on("add", function () {
        var path = disc.getElement();
        if (path) {
          path.setAttribute("data-held-place", p[7]);
          path.setAttribute("data-held-by", p[5]);
        }
      });
      disc.addTo(layer);
    });
    var key = L.control({position: "bottomleft"}), touched = false, part = null;
    function fit() { if (part && !touched) { part.open = opens(map.getSize().x, o.openPx); } }
    key.onAdd = function () {
      var div = L.DomUtil.create("div", "evacmap-box evacmap-legend evacmap-held-legend");
      div.innerHTML = o.legend;
      part = div.querySelector("details");
      fit();
      part.querySelector("summary").addEventListener("click", function () { touched = true; });
      L.DomEvent.disableClickPropagation(div);
      return div;
    };
    map.on("resize", fit);
    map.on("popupopen", function () { if (part && !opens(map.getSize().x, o.openPx)) { part.open = false; } });
    function resize() {
      if (!map.hasLayer(layer)) { return; }
      discs.forEach(function (d) { d[0].setRadius(shownRadius(d[1], d[2], map.getZoom(), MIN_PX)); });
    }
    map.on("zoomend", resize);
    layer.on("add", function () { resize(); key.addTo(map); map.fire("evacmapcontrolsmoved"); });
    layer.on("remove", function () { key.remove(); map.fire("evacmapcontrolsmoved"); });
  }

  var api = {look: look, shownRadius: shownRadius, opens: opens, draw: draw, PANE: PANE, MIN_PX: MIN_PX};
  if (typeof module === "object" && module.exports) { module.exports = api; } else { root.evacmapHolders = api; }
})(typeof window !== "undefined" ? window : this);
