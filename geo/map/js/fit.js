/* Fitting a map's opening view clear of its controls (geo/map/fit.py says why and how).
 *
 * padding() is pure: from the map's size, the least padding and the right-hand columns' reach, it picks the
 * padding that keeps the opening view clear of each column, on its side or along its edge, whichever leaves more room.
 * open() measures the columns and fits the map, or opens it on the reader's own view kept across a redraw:
 * when the map is about to be drawn again for a new window (its playback stopped), map.evacmapKeep() keeps the
 * view in the tab's session storage if the reader had dragged or zoomed the map since it opened, and the next map to
 * open within KEPT_MS takes it (once) instead of its opening view. kept() is pure: the stored view to open on, or null.
 * Loaded as a plain script (window.evacmapFit) or as a CommonJS module (node --test).
 */
(function (root) {
  "use strict";

  var KEPT = "evacmap.readersView";  // the session storage key of the reader's view, kept across one redraw
  var KEPT_MS = 60000;  // a kept view older than this is not the one the reader just left: the map opens as usual

  // The view in `stored` (the text keep() wrote) to open on at time `now` (ms): {center: [lat, lng], zoom}, or null
  // where there is none, it is not one, or it is older than KEPT_MS.
  function kept(stored, now) {
    var view;
    try { view = JSON.parse(stored); } catch (error) { return null; }
    if (!view || !Array.isArray(view.center) || view.center.length !== 2 || !view.center.every(isFinite)
        || typeof view.zoom !== "number" || !isFinite(view.zoom) || typeof view.at !== "number"
        || now - view.at < 0 || now - view.at > KEPT_MS) { return null; }
    return {center: view.center, zoom: view.zoom};
  }

  // The reader's view the map opens on (taken: a later map opens as usual), or null; none where the page may not use
  // the tab's session storage.
  function take(now) {
    try {
      var text = root.sessionStorage.getItem(KEPT);
      root.sessionStorage.removeItem(KEPT);
      return text === null ? null : kept(text, now);
    } catch (error) {
      return null;
    }
  }

  // From the opening on, note whether the reader drags or zooms the map; map.evacmapKeep() then keeps its view.
  function watchReader(map, moved) {
    map.evacmapMoved = moved;
    if (!moved) { map.once("dragstart zoomstart", function () { map.evacmapMoved = true; }); }
    map.evacmapKeep = function () {
      if (!map.evacmapMoved) { return false; }
      var centre = map.getCenter();
      try {
        root.sessionStorage.setItem(KEPT, JSON.stringify({center: [centre.lat, centre.lng], zoom: map.getZoom(),
                                                          at: Date.now()}));
      } catch (error) {  // no session storage here: the map opens as usual
        return false;
      }
      return true;
    };
  }

  // size {x, y}; pad [left, top, right, bottom]; low and high: the bottom-right and top-right columns,
  // {any, wide, tall}: how far each reaches in from the right and from its edge. Returns [left, top, right, bottom].
  function padding(size, pad, low, high) {
    var left = pad[0], top = pad[1], right = pad[2], bottom = pad[3];
    if (low.any && low.tall > bottom) {
      var beside = (size.x - left - Math.max(right, low.wide)) * (size.y - top - bottom);
      var below = (size.x - left - right) * (size.y - top - low.tall);
      if (beside > below) { right = Math.max(right, low.wide); } else { bottom = low.tall; }
    }
    if (high.any && high.tall > top && high.wide > right) {
      var aside = (size.x - left - Math.max(right, high.wide)) * (size.y - top - bottom);
      var under = (size.x - left - right) * (size.y - high.tall - bottom);
      if (aside > under) { right = Math.max(right, high.wide); } else { top = high.tall; }
    }
    return [left, top, right, bottom];
  }

  // The controls standing in a right-hand corner: how far they reach in from the right and from their edge.
  // options: {reach, slack, attribution} (see geo/map/fit.py).
  function column(map, corner, top, options) {
    var frame = map.getContainer().getBoundingClientRect();
    var placed = getComputedStyle(corner).position === "absolute", wide = 0, tall = 0;
    var controls = [].slice.call(corner.children)
      .filter(function (c) { return !L.DomUtil.hasClass(c, "leaflet-control-attribution"); });
    if (placed) {
      controls.forEach(function (c) {
        var r = c.getBoundingClientRect();
        wide = Math.max(wide, frame.right - r.left);
        tall = Math.max(tall, top ? r.bottom - frame.top : frame.bottom - r.top);
      });
    } else if (controls.length) {
      // Leaflet's stylesheet not applied yet (streamlit-folium adds it after this script): the column
      // from the controls' own sizes, Leaflet's 10 px margins, the attribution line and the borders.
      controls.forEach(function (c) {
        wide = Math.max(wide, c.offsetWidth + 10 + options.slack);
        tall += c.offsetHeight + 10 + options.slack;
      });
      if (!top) { tall += options.attribution; }
    }
    return {any: controls.length > 0, wide: wide + options.reach, tall: tall + options.reach};
  }

  // Fit `map` to `corners` [[south, west], [north, east]] within pad, clear of its right-hand columns; or open it on
  // the reader's view kept from the map it replaces.
  function open(map, corners, pad, options) {
    var view = take(Date.now());
    if (view) {
      map.evacmapReadersView = true;  // layers lay out again, and move nothing
      map.setView(view.center, view.zoom, {animate: false});
      map.fire("evacmapopened");
      watchReader(map, true);
      return;
    }
    var p = padding(map.getSize(), pad, column(map, map._controlCorners.bottomright, false, options),
                    column(map, map._controlCorners.topright, true, options));
    map.fitBounds(corners, {paddingTopLeft: [p[0], p[1]], paddingBottomRight: [p[2], p[3]], maxZoom: options.maxZoom});
    map.fire("evacmapopened");  // the opening view is set: layers laid out before it may lay out again
    watchReader(map, false);
  }

  var api = {padding: padding, column: column, open: open, kept: kept, KEPT: KEPT, KEPT_MS: KEPT_MS};
  if (typeof module === "object" && module.exports) { module.exports = api; } else { root.evacmapFit = api; }
})(typeof window !== "undefined" ? window : this);
