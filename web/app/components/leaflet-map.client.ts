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

export interface MapHandle {
  setPoints(points: MapPoint[], navigate: (href: string) => void, selection?: MapSelection): void;
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

  return {
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
