/* The map's counts by place and its routes' arrows (geo/map/layers.py).
 *
 * A place's count marker shows its number of events and a dot in the colour of each of its most frequent types, and
 * names its place (data-place-id) where a click shows only that place (channel.js sends the pick); a cluster of
 * places shows the sum of their counts and the first `dots` colours among them.
 * dotsOf() and clusterColours() are pure; marker() is the marker cluster's callback, clusterIcon(dots) its icon
 * function; arrows() draws arrows along a route.
 * Loaded as a plain script (window.evacmapPlaces) or as a CommonJS module (node --test).
 */
(function (root) {
  "use strict";

  // The dots of these colours, as HTML.
  function dotsOf(colours) {
    return colours.map(function (c) { return '<i style="background:' + c + '"></i>'; }).join("");
  }

  // The colours of a cluster's places (each place's [colours], most frequent first), each once, in order met.
  function clusterColours(lists) {
    var colours = [];
    lists.forEach(function (list) {
      list.forEach(function (c) { if (colours.indexOf(c) < 0) { colours.push(c); } });
    });
    return colours;
  }

  // A place's marker from its row [lat, lon, events, tooltip, colours, place id or ""] (texts escaped already).
  function marker(row) {
    var L = root.L;
    var named = row[5] ? ' data-place-id="' + row[5] + '"' : "";
    var icon = L.divIcon({html: "<div" + named + ">" + row[2] + "<br>" + dotsOf(row[4]) + "</div>",
                          className: "evacmap-cluster evacmap-place", iconSize: L.point(38, 38)});
    var one = L.marker(L.latLng(row[0], row[1]), {icon: icon, count: row[2], colours: row[4]});
    one.bindTooltip(row[3]);
    return one;
  }

  // The icon function of a cluster of places, showing up to `dots` dots.
  function clusterIcon(dots) {
    return function (cluster) {
      var L = root.L, total = 0, lists = [];
      cluster.getAllChildMarkers().forEach(function (m) {
        total += m.options.count;
        lists.push(m.options.colours);
      });
      return L.divIcon({html: "<div>" + total + "<br>" + dotsOf(clusterColours(lists).slice(0, dots)) + "</div>",
                        className: "evacmap-cluster", iconSize: L.point(38, 38)});
    };
  }

  // Arrows [lat, lon, colour, degrees clockwise] on `layer`, showing a route's direction of travel.
  function arrows(layer, rows) {
    var L = root.L;
    rows.forEach(function (a) {
      L.marker([a[0], a[1]], {interactive: false, keyboard: false, icon: L.divIcon({
        html: '<div style="color:' + a[2] + ";transform:rotate(" + a[3] + 'deg)">&#10148;</div>',
        iconSize: [18, 18], iconAnchor: [9, 9], className: "evacmap-arrow"})
      }).addTo(layer);
    });
  }

  var api = {dotsOf: dotsOf, clusterColours: clusterColours, marker: marker, clusterIcon: clusterIcon, arrows: arrows};
  if (typeof module === "object" && module.exports) { module.exports = api; } else { root.evacmapPlaces = api; }
})(typeof window !== "undefined" ? window : this);
