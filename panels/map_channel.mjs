/* The page's side of the map's channel (panels/map_channel.py says why this way): a Streamlit component
 * (components v2) that listens for the messages the map's frame posts to this page (geo/map/js/channel.js) and
 * hands each one to Python as the trigger value "message".
 *
 * accepted() is pure: the message as Python gets it ({evacmap: 1, kind, and text fields only}), or null for
 * anything else: another origin's, one whose sender (event.source) is not one of the page's own frames (the map's
 * is one; a window the page opened, or the page itself, is not), or a message that is not evacmap's. Python
 * checks every field again.
 */
export function accepted(origin, own, data, source, frames) {
  if (origin !== own || source === null || source === undefined || !Array.from(frames || []).includes(source)
      || !data || typeof data !== "object" || Array.isArray(data) || data.evacmap !== 1
      || typeof data.kind !== "string") {
    return null;
  }
  const out = {};
  for (const [name, value] of Object.entries(data)) {
    if (typeof value !== "string" && name !== "evacmap") { return null; }
    out[name] = value;
  }
  return out;
}

// The windows of the page's own frames (window.frames holds each child frame's window, the map's among them).
function ownFrames() {
  const frames = [];
  for (let i = 0; i < window.frames.length; i++) { frames.push(window.frames[i]); }
  return frames;
}

export default function (component) {
  const { setTriggerValue } = component;
  // One listener a page: mounted again (a rerun with new arguments), the listener takes the latest setter.
  if (window.evacmapMapChannel) { window.removeEventListener("message", window.evacmapMapChannel); }
  function listen(event) {
    const message = accepted(event.origin, window.location.origin, event.data, event.source, ownFrames());
    if (message !== null) { setTriggerValue("message", message); }
  }
  window.evacmapMapChannel = listen;
  window.addEventListener("message", listen);
  return () => {
    window.removeEventListener("message", listen);
    if (window.evacmapMapChannel === listen) { delete window.evacmapMapChannel; }
  };
}
