/* The map's messages to the page that holds it (geo/map/channel.py says what they are and why this way).
 *
 * message() is pure: it builds one of evacmap's messages, {evacmap: 1, kind, ...fields}, from a kind and its
 * fields, or returns null for a kind or a field it does not know. send() posts a message to the frame's parent
 * page with window.postMessage, only to a parent of the map's own origin ("/"); in a map opened on its own
 * (an exported file) the parent is the map's own window and nothing listens. picks() sends a click (or Enter)
 * on a marker whose element names an event (data-event-id) or a place (data-place-id). Loaded as a plain script
 * (window.evacmapChannel) or as a CommonJS module (node --test).
 */
(function (root) {
  "use strict";

  var VERSION = 1;
  var FIELDS = {"drawn": [], "stopped": ["start", "end"], "picked-event": ["event"], "picked-place": ["place"]};

  function message(kind, fields) {
    if (!Object.prototype.hasOwnProperty.call(FIELDS, kind)) { return null; }
    var out = {evacmap: VERSION, kind: kind}, given = fields || {};
    var known = FIELDS[kind];
    for (var name in given) {
      if (known.indexOf(name) < 0) { return null; }
    }
    for (var i = 0; i < known.length; i++) {
      var value = given[known[i]];
      if (typeof value !== "string" || !value) { return null; }
      out[known[i]] = value;
    }
    return out;
  }

  function send(kind, fields) {
    var sent = message(kind, fields);
    if (sent === null || typeof window === "undefined") { return false; }
    try {
      window.parent.postMessage(sent, "/");
    } catch (error) {  // a parent that cannot be reached (a file opened from disk): nothing to tell
      return false;
    }
    return true;
  }

  // The pick a marker's element names: [kind, fields], or null.
  function pickOf(element) {
    if (!element || !element.querySelector) { return null; }
    var named = element.matches("[data-event-id], [data-place-id]") ? element
      : element.querySelector("[data-event-id], [data-place-id]");
    if (!named) { return null; }
    var event = named.getAttribute("data-event-id"), place = named.getAttribute("data-place-id");
    if (event) { return ["picked-event", {event: event}]; }
    return place ? ["picked-place", {place: place}] : null;
  }

  function picks(map) {
    function picked(e) {
      if (e.type === "keypress" && e.originalEvent.keyCode !== 13) { return; }  // Leaflet's Enter on a marker
      var layer = e.target, pick = pickOf(layer.getElement ? layer.getElement() : null);
      if (pick) { send(pick[0], pick[1]); }
    }
    function watch(layer) {
      if (layer instanceof L.Marker) { layer.off("click keypress", picked); layer.on("click keypress", picked); }
    }
    map.eachLayer(watch);
    map.on("layeradd", function (e) { watch(e.layer); });
  }

  var api = {VERSION: VERSION, FIELDS: FIELDS, message: message, send: send, pickOf: pickOf, picks: picks};
  if (typeof module === "object" && module.exports) { module.exports = api; } else { root.evacmapChannel = api; }
})(typeof window !== "undefined" ? window : this);
