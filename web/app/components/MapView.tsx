import { useNavigate } from '@remix-run/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '~/lib/serving/use-hydrated';
import type { MapAttribution, MapHandle, MapPin, MapPoint, MapSelection } from './leaflet-map.client';

export type { MapAttribution, MapPin, MapPoint };

/** Default centre of the catalogue map (spec 01 §2: about 43.222, 76.8512, zoom 12). */
export const ALMATY_CENTER: [number, number] = [43.222, 76.8512];

/**
 * A Leaflet map, client-only: Leaflet (JS and CSS) is imported when the map scrolls into view,
 * so pages without a map never load it. States: loading, error, ready (spec 01 §4).
 * `tileUrl` '' means no base layer: the markers still work; `attribution` is the tile layer's
 * credit as data (text and link, see mapTiles). Before scripts run (and without JavaScript)
 * `fallback` shows instead.
 */
export function MapView({
  points,
  center = ALMATY_CENTER,
  zoom = 12,
  height = 480,
  tileUrl,
  attribution,
  label,
  fitToPoints = false,
  fallback,
  selectedId,
  onSelect,
  view,
  pin,
}: {
  points: MapPoint[];
  center?: [number, number];
  zoom?: number;
  height?: number;
  tileUrl: string;
  attribution: MapAttribution | null;
  label: string;
  fitToPoints?: boolean;
  fallback?: ReactNode;
  /** Selection mode (partners): a marker click calls onSelect instead of opening a popup. */
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  /** When given, the map follows it (centre and zoom) whenever it changes. */
  view?: { center: [number, number]; zoom: number };
  /** Pin placement mode (the staff listing form): a draggable pin; clicks and drags call pin.onPick. */
  pin?: MapPin;
}) {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  const handle = useRef<MapHandle | null>(null);
  const hydrated = useHydrated();
  const [status, setStatus] = useState<'idle' | 'loading' | 'error' | 'ready'>('idle');
  const pointsRef = useRef(points);
  pointsRef.current = points;
  const selectionRef = useRef<MapSelection | undefined>(undefined);
  selectionRef.current = onSelect ? { selectedId, onSelect } : undefined;
  // The map is created once per mount (key the component to recreate it) from the first
  // render's options; new points and views are applied by the effects below.
  const mountOptions = useRef({ center, zoom, tileUrl, attribution, label, fitToPoints, navigate });

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let cancelled = false;
    const { navigate, ...options } = mountOptions.current;
    const load = () => {
      setStatus('loading');
      import('./leaflet-map.client')
        .then(({ createMap }) => {
          if (cancelled || !ref.current) return;
          handle.current = createMap(ref.current, options);
          handle.current.setPoints(pointsRef.current, (href) => navigate(href), selectionRef.current);
          setStatus('ready');
        })
        .catch((e: unknown) => {
          console.error(e);
          if (!cancelled) setStatus('error');
        });
    };
    let observer: IntersectionObserver | undefined;
    if (typeof IntersectionObserver === 'function') {
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            observer?.disconnect();
            load();
          }
        },
        { rootMargin: '200px' },
      );
      observer.observe(el);
    } else load();
    return () => {
      cancelled = true;
      observer?.disconnect();
      handle.current?.destroy();
      handle.current = null;
    };
  }, []);

  useEffect(() => {
    if (status === 'ready') handle.current?.setPoints(points, (href) => navigate(href), selectionRef.current);
  }, [points, status, navigate, selectedId]);

  // The pin follows its point; the latest onPick is used (pinRef), so a new callback needs no effect run.
  const pinRef = useRef(pin);
  pinRef.current = pin;
  const pinKey = pin ? `${pin.at?.lat ?? ''},${pin.at?.lng ?? ''}` : null;
  useEffect(() => {
    const current = pinRef.current;
    if (status === 'ready' && current) {
      handle.current?.setPin({ ...current, onPick: (lat, lng) => pinRef.current?.onPick(lat, lng) });
    }
  }, [status, pinKey]);

  // viewKey stands for `view` (a new object on every render): the map moves when its value changes.
  const viewKey = view ? `${view.center[0]},${view.center[1]},${view.zoom}` : '';
  const viewRef = useRef(view);
  viewRef.current = view;
  useEffect(() => {
    const current = viewRef.current;
    if (status === 'ready' && current) handle.current?.setView(current.center, current.zoom);
  }, [status, viewKey]);

  return (
    <div className="map-view" style={{ height }}>
      <div ref={ref} className="map-view__canvas" role="region" aria-label={label} />
      {!hydrated ? (
        <div className="map-view__status map-view__status--nojs">{fallback ?? t('map.noJs')}</div>
      ) : status !== 'ready' ? (
        <div className="map-view__status" role={status === 'error' ? 'alert' : 'status'}>
          {status === 'error' ? t('map.error') : t('map.loading')}
        </div>
      ) : null}
    </div>
  );
}
