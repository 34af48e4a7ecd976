/* The map's "Who held what" layer (geo/map/holders.py): each held place a translucent disc of its precision radius,
 * in the holder's colour, in a pane under the corridors, the glyphs and the names; its legend shown while the layer
 * is on the map.
 * look() is pure: how a place's disc is drawn.
 * Loaded as a plain script (window.evacmapHolders) or as a CommonJS module (node --test).
 */
(function (root) {
  "use strict";

  var PANE = "evacmapHolders";

  // How a place's disc is drawn: tinted in its holder's colour, its edge dashed where no holder is known at the
  // window's end (`toEnd` false: the tint is then the last holder's).
  function look(colour, toEnd) {
    return {pane: PANE, color: colour, weight: toEnd ? 1.5 : 2.5, opacity: 0.8, fillColor: colour, fillOpacity: 0.2,
            dashArray: toEnd ? null : "6 5"};
  }

  // The discs of `o.places` ([lat, lon, radius m, colour, tooltip HTML, party id, known to the end, place id] each) in `layer`
  // of `map`, and the legend `o.legend` (HTML) at the bottom right while `layer` is on the map.
  function draw(map, layer, o) {
    var L = root.L;
    if (!map.getPane(PANE)) {
      var pane = map.createPane(PANE);
      pane.style.zIndex = 350;  // above the tiles (200), under the routes and outlines (400) and the glyphs (600)
    }
    o.places.forEach(function (p) {
      var disc = L.circle([p[0], p[1]], Object.assign({radius: p[2]}, look(p[3], p[6])));
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
    var key = L.control({position: "bottomright"});
    key.onAdd = function () {
      var div = L.DomUtil.create("div", "evacmap-box evacmap-legend evacmap-held-legend");
      div.innerHTML = o.legend;
      L.DomEvent.disableClickPropagation(div);
      return div;
    };
    layer.on("add", function () { key.addTo(map); map.fire("evacmapcontrolsmoved"); });
    layer.on("remove", function () { key.remove(); map.fire("evacmapcontrolsmoved"); });
  }

  var api = {look: look, draw: draw, PANE: PANE};
  if (typeof module === "object" && module.exports) { module.exports = api; } else { root.evacmapHolders = api; }
})(typeof window !== "undefined" ? window : this);
