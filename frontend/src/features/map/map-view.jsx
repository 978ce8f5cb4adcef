// The map itself (Leaflet, bundled only into the map chunk with its CSS): numbered pins coloured by
// state (the same `.pin` classes as Today's list), fitted to the pins, each opening a popup with a
// link to the customer. Tiles come from the server's setting; with none (tileUrl "") or when they
// fail (offline, blocked) the pins stand on a plain background, which is the map box's own. Pins
// that would cover each other are drawn aside (spread.js), a thin line back to their own place.
import { t } from "./text";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect, useRef, useState } from "react";
import { clusters, spread } from "./spread";

/**
 * A customer on the map: `seq` its number in the list, `status` its pin state (the `.pin-<status>`
 * class), `stateLabel` the words for it, `href` the visit screen's link (null: no link).
 * @typedef {{ id: string, seq: number, name: string, detail: string, status: string, stateLabel: string,
 *   latitude?: number | null, longitude?: number | null, href: string | null }} Pin
 */
/** A legend row: [state, words, shown even when no customer has it]. @typedef {[string, string, boolean]} LegendState */

/** Where the map opens before there is a pin to fit: the whole of India. */
const WHOLE_COUNTRY = { center: L.latLng(22.5, 79), zoom: 4 };
const PIN_SIZE = 28;
/** Pins nearer than this on screen are one cluster marker (maps of many customers), below CLUSTER_UNTIL. */
const CLUSTER_GAP = 44;
/** From this zoom on every pin is drawn (spread aside where they would cover each other). */
const CLUSTER_UNTIL = 17;

/** A pin's popup, built as DOM nodes: customer names never pass through HTML. @param {Pin} pin */
function popupOf(pin) {
  const el = document.createElement("div");
  el.className = "pin-popup";
  const title = document.createElement("strong");
  title.textContent = `${pin.seq}. ${pin.name}`;
  const detail = document.createElement("span");
  detail.textContent = [pin.id, pin.detail].filter(Boolean).join(" · ");
  const state = document.createElement("span");
  state.textContent = pin.stateLabel;
  el.append(title, detail, state);
  if (pin.href) {
    const link = document.createElement("a");
    link.href = pin.href;
    link.textContent = t("openVisit");
    el.append(link);
  }
  return el;
}

/**
 * pins: those with a position; tiles: { tileUrl, attribution } (tileUrl "" = no tiles) or null while
 * unknown; `cluster`: pins near each other are one marker with their count, which zooms in to them
 * (a bucket's hundreds of customers), until the zoom shows streets.
 * @param {{ pins: Pin[], tiles: { tileUrl: string, attribution: string } | null, cluster?: boolean }} props
 */
export function MapView({ pins, tiles, cluster = false }) {
  const clustering = useRef(cluster);
  clustering.current = cluster;
  const box = useRef(/** @type {HTMLDivElement | null} */ (null));
  const map = useRef(/** @type {L.Map | null} */ (null));
  const markers = useRef(/** @type {L.LayerGroup | null} */ (null));
  const leaders = useRef(/** @type {L.LayerGroup | null} */ (null));
  /** The markers with their own places. */
  const placed = useRef(/** @type {{ marker: L.Marker, at: L.LatLng }[]} */ ([]));
  /** Lays the pins out again (set once the map is made). */
  const arrange = useRef(() => {});
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const m = L.map(el, { ...WHOLE_COUNTRY });
    const lines = L.layerGroup().addTo(m);
    leaders.current = lines;
    markers.current = L.layerGroup().addTo(m);
    map.current = m;
    const groups = L.layerGroup().addTo(m);
    /** Whether a zoom animation runs (from its zoomanim to its zoomend). */
    let zooming = false;
    // Near pins as one marker with their count (the `cluster` prop), below the street zoom.
    const layOutClusters = () => {
      const own = placed.current.map(({ at }) => m.latLngToContainerPoint(at));
      groups.clearLayers();
      lines.clearLayers();
      for (const members of clusters(own, CLUSTER_GAP)) {
        if (members.length === 1) {
          const { marker, at } = placed.current[members[0]];
          marker.setLatLng(at);
          if (!markers.current?.hasLayer(marker)) markers.current?.addLayer(marker);
          continue;
        }
        const bounds = L.latLngBounds(members.map((i) => placed.current[i].at));
        for (const i of members) markers.current?.removeLayer(placed.current[i].marker);
        const label = t("clusterOf", { count: members.length });
        const size = members.length >= 100 ? 44 : 36;
        const icon = L.divIcon({
          className: "pin pin-cluster",
          html: String(members.length),
          iconSize: [size, size],
          iconAnchor: [size / 2, size / 2],
        });
        const group = L.marker(bounds.getCenter(), { icon, title: label, keyboard: true }).addTo(groups);
        // A tap always zooms in (at least a level), even where the cluster's own bounds fit the
        // map already: else a wide cluster would stay as it is. A tap while a zoom is still
        // animating waits for its end: Leaflet drops a setView made mid-animation without a
        // word, which left a cluster tapped early as it was (the bucket map's test, issue #55).
        const open = () => {
          const fits = m.getBoundsZoom(bounds, false, L.point(PIN_SIZE * 3, PIN_SIZE * 3));
          m.setView(bounds.getCenter(), Math.min(CLUSTER_UNTIL, Math.max(m.getZoom() + 1, fits)));
        };
        group.on("click", () => (zooming ? m.once("zoomend", open) : open()));
        const el = group.getElement();
        if (el) {
          el.setAttribute("aria-label", label);
          el.dataset.testid = "map-cluster";
          el.dataset.count = String(members.length);
        }
      }
    };
    // Draws each pin where spread() puts it at this zoom; a moved pin gets a line to its own place.
    const layOut = () => {
      if (clustering.current && m.getZoom() < CLUSTER_UNTIL) {
        layOutClusters();
        return;
      }
      groups.clearLayers();
      for (const { marker } of placed.current) if (!markers.current?.hasLayer(marker)) markers.current?.addLayer(marker);
      const size = m.getSize();
      const own = placed.current.map(({ at }) => m.latLngToContainerPoint(at));
      const drawn = spread(own, { width: size.x, height: size.y, gap: PIN_SIZE + 2 });
      lines.clearLayers();
      placed.current.forEach(({ marker, at }, i) => {
        const where = m.containerPointToLatLng(L.point(drawn[i].x, drawn[i].y));
        marker.setLatLng(where);
        if (drawn[i] !== own[i]) L.polyline([at, where], { className: "pin-leader", interactive: false }).addTo(lines);
      });
    };
    arrange.current = layOut;
    // Leaflet 1.9 ends a zoom animation on a timer that throws once the map is removed: a map
    // left mid-animation (the next page, Back) is removed when its animation has ended.
    m.on("zoomanim", () => (zooming = true));
    m.on("zoomend", () => {
      zooming = false;
      layOut();
    });
    // The box changes size with the window (or the phone turning): Leaflet must know.
    const resized = new ResizeObserver(() => {
      m.invalidateSize();
      layOut();
    });
    resized.observe(el);
    return () => {
      resized.disconnect();
      if (zooming) m.once("moveend", () => setTimeout(() => m.remove()));
      else m.remove();
      map.current = null;
    };
  }, []);

  const tileUrl = tiles ? tiles.tileUrl : "";
  const attribution = (tiles && tiles.attribution) || "";
  useEffect(() => {
    const m = map.current;
    if (!tileUrl || !m) return undefined;
    setTilesFailed(false);
    const layer = L.tileLayer(tileUrl, { attribution, maxZoom: 19 });
    layer.on("tileerror", () => setTilesFailed(true));
    layer.addTo(m);
    return () => layer.remove();
  }, [tileUrl, attribution]);

  useEffect(() => {
    const m = map.current;
    const layer = markers.current;
    if (!m || !layer) return;
    layer.clearLayers();
    placed.current = [];
    const points = pins.map((pin) => {
      const at = L.latLng(Number(pin.latitude), Number(pin.longitude));
      const icon = L.divIcon({
        className: `pin pin-${pin.status}`,
        html: String(pin.seq),
        iconSize: [PIN_SIZE, PIN_SIZE],
        iconAnchor: [PIN_SIZE / 2, PIN_SIZE / 2],
        popupAnchor: [0, -PIN_SIZE / 2],
      });
      const marker = L.marker(at, { icon, title: `${pin.seq}. ${pin.name}: ${pin.stateLabel}`, riseOnHover: true }).bindPopup(
        () => popupOf(pin),
      );
      marker.addTo(layer);
      placed.current.push({ marker, at });
      const el = marker.getElement();
      if (el) {
        el.setAttribute("aria-label", `${pin.seq}. ${pin.name}: ${pin.stateLabel}`);
        el.dataset.testid = "map-pin";
        el.dataset.buyerId = pin.id;
      }
      return at;
    });
    m.invalidateSize();
    // The map opens on its pins at once, not in an animation: the first clusters drawn are the
    // ones to tap (a tap mid-animation had to wait), and a test sees the map as it stays.
    const still = { animate: false };
    if (points.length > 1)
      m.fitBounds(L.latLngBounds(points), { padding: [PIN_SIZE * 1.5, PIN_SIZE * 1.5], maxZoom: 17, ...still });
    else if (points.length === 1) m.setView(points[0], 16, still);
    else m.setView(WHOLE_COUNTRY.center, WHOLE_COUNTRY.zoom, still);
    // Now for a fit without a zoom change (no zoomend then).
    arrange.current();
  }, [pins]);

  return (
    <div class="map-frame">
      {tilesFailed && (
        <p class="offline-note" role="status" data-testid="tiles-failed">
          {t("tilesFailed")}
        </p>
      )}
      <div
        ref={box}
        class={`map-box${tileUrl ? "" : " map-plain"}`}
        data-testid="map"
        role="region"
        aria-label={t("mapOfCustomers")}
      />
    </div>
  );
}

/**
 * The colours of the pins, with how many of the screen's customers have each: pinned or listed
 * without a position alike, so the counts add up to the customers shown. `always` states show
 * even at 0.
 * @param {{ states: LegendState[], items: Pin[] }} props
 */
export function Legend({ states, items }) {
  /** @param {string} key */
  const count = (key) => items.filter((i) => i.status === key).length;
  return (
    <ul class="map-legend" data-testid="map-legend" aria-label={t("legend")}>
      {states
        .filter(([key, , always]) => always || count(key) > 0)
        .map(([key, label]) => (
          <li key={key} data-state={key}>
            <span class={`pin pin-small pin-${key}`} aria-hidden="true" />
            {label} ({count(key)})
          </li>
        ))}
    </ul>
  );
}
