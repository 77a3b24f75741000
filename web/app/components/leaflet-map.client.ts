/**
 * Leaflet, loaded only in the browser and only when a map is shown (dynamic import from
 * MapView). Markers are circle markers (no default marker images); without a tile URL the
 * map has no base layer and the markers still work. Titles come from listings and partners
 * (untrusted text): Leaflet writes a string tooltip or popup with innerHTML, so both get DOM
 * nodes whose text is set with textContent, never a string.
 */
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';

export interface MapPoint {
  id: string;
  lat: number;
  lng: number;
  title: string;
  /** Second popup line, e.g. the formatted price. */
  subtitle?: string;
  href?: string;
  linkText?: string;
}

/** A tile layer's credit: plain text, linked to `href` (an http(s) URL) when given. */
export interface MapAttribution {
  text: string;
  href: string | null;
}

/**
 * The attribution as the HTML string Leaflet's control wants (it sets innerHTML): built as an
 * element whose text is set with textContent and serialised by the browser, so the text and
 * the address are escaped whatever they hold.
 */
function attributionHtml(attribution: MapAttribution): string {
  const el = document.createElement(attribution.href ? 'a' : 'span');
  el.textContent = attribution.text;
  if (el instanceof HTMLAnchorElement && attribution.href) el.href = attribution.href;
  return el.outerHTML;
}

/** Marker selection (partners map, spec 01 §2): a click selects instead of opening a popup. */
export interface MapSelection {
  selectedId?: string | null;
  onSelect?: (id: string) => void;
}

/** Pin placement (the staff listing form): a click on the map or a drag of the pin picks a point. */
export interface MapPin {
  /** The pin's point, or null for none yet. */
  at: { lat: number; lng: number } | null;
  onPick: (lat: number, lng: number) => void;
  /** The pin's accessible name and tooltip. */
  label: string;
}

export interface MapHandle {
  setPoints(points: MapPoint[], navigate: (href: string) => void, selection?: MapSelection): void;
  /** Shows the draggable pin at `pin.at` and reports clicks and drags to `pin.onPick` (the latest given). */
  setPin(pin: MapPin): void;
  /** Moves the view (e.g. to the selected marker). */
  setView(center: [number, number], zoom: number): void;
  destroy(): void;
}

/** A tooltip's content: `text` as a text node (a string would be parsed as HTML by Leaflet). */
function textTooltip(text: string): HTMLElement {
  const span = document.createElement('span');
  span.textContent = text;
  return span;
}

export function createMap(
  element: HTMLElement,
  options: {
    center: [number, number];
    zoom: number;
    tileUrl: string;
    attribution: MapAttribution | null;
    label: string;
    fitToPoints: boolean;
  },
): MapHandle {
  const map = L.map(element, { center: options.center, zoom: options.zoom, scrollWheelZoom: false, attributionControl: !!options.tileUrl });
  if (options.tileUrl) {
    L.tileLayer(options.tileUrl, {
      attribution: options.attribution ? attributionHtml(options.attribution) : undefined,
      maxZoom: 19,
    }).addTo(map);
  }
  // The container is focusable (keyboard panning); give it a name.
  element.setAttribute('aria-label', options.label);
  const layer = L.layerGroup().addTo(map);
  const css = getComputedStyle(element);
  const color = css.getPropertyValue('--primary').trim() || '#1d4ed8';
  const fill = css.getPropertyValue('--bg').trim() || '#ffffff';

  let pinMarker: L.Marker | null = null;
  let pick: MapPin['onPick'] | null = null;
  const round = (x: number) => Math.round(x * 1e6) / 1e6;

  return {
    setPin(pin) {
      if (!pick) map.on('click', (e: L.LeafletMouseEvent) => pick?.(round(e.latlng.lat), round(e.latlng.lng)));
      pick = pin.onPick;
      if (!pin.at) {
        pinMarker?.remove();
        pinMarker = null;
        return;
      }
      if (!pinMarker) {
        // A div icon: no marker images to serve; its look comes from the .map-pin class.
        const icon = L.divIcon({ className: 'map-pin', iconSize: [22, 22], iconAnchor: [11, 22] });
        pinMarker = L.marker([pin.at.lat, pin.at.lng], { draggable: true, icon, title: pin.label, alt: pin.label }).addTo(map);
        pinMarker.on('dragend', () => {
          const p = pinMarker!.getLatLng();
          pick?.(round(p.lat), round(p.lng));
        });
      } else pinMarker.setLatLng([pin.at.lat, pin.at.lng]);
    },
    setPoints(points, navigate, selection) {
      layer.clearLayers();
      for (const p of points) {
        const selected = selection?.selectedId === p.id;
        const marker = L.circleMarker([p.lat, p.lng], {
          radius: selected ? 13 : 9,
          color,
          weight: 3,
          fillColor: selected ? color : fill,
          fillOpacity: 1,
        });
        if (selection?.onSelect) {
          const select = selection.onSelect;
          marker.bindTooltip(textTooltip(p.title));
          marker.on('click', () => select(p.id));
          marker.addTo(layer);
          if (selected) marker.bringToFront();
          continue;
        }
        const box = document.createElement('div');
        box.className = 'map-popup';
        const title = document.createElement('strong');
        title.textContent = p.title;
        box.appendChild(title);
        if (p.subtitle) {
          const sub = document.createElement('span');
          sub.textContent = p.subtitle;
          box.appendChild(sub);
        }
        if (p.href) {
          const a = document.createElement('a');
          a.href = p.href;
          a.textContent = p.linkText ?? p.title;
          a.addEventListener('click', (e) => {
            if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
            e.preventDefault();
            navigate(p.href!);
          });
          box.appendChild(a);
        }
        marker.bindPopup(box);
        marker.bindTooltip(textTooltip(p.title));
        marker.addTo(layer);
      }
      if (options.fitToPoints && points.length > 1) {
        map.fitBounds(L.latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number])), { padding: [32, 32], maxZoom: 15 });
      }
    },
    setView(center, zoom) {
      map.setView(center, zoom);
    },
    destroy() {
      map.remove();
    },
  };
}
