import { useTranslation } from 'react-i18next';
import { ALMATY_CENTER, MapView, type MapAttribution } from '~/components/MapView';
import { TextField } from '~/components/staff/fields';
import { useMarkStaffFormDirty } from '~/components/staff/StaffForm';

/** A point typed or picked: the fields' raw strings (they post as `latitude`, `longitude`). */
export interface LatLngText {
  latitude: string;
  longitude: string;
}

/** The numbers of `p` when both are valid degrees, else null. */
export function pointOf(p: LatLngText): { lat: number; lng: number } | null {
  const lat = Number(p.latitude.replace(',', '.'));
  const lng = Number(p.longitude.replace(',', '.'));
  if (p.latitude.trim() === '' || p.longitude.trim() === '') return null;
  return Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

/**
 * The listing's point (spec 02 §5 latitude -90..90, longitude -180..180): a map where a click or
 * a drag of the pin sets both fields (the project's Leaflet MapView, pin mode), and the two
 * fields themselves, which are all there is without JavaScript (the map then says so).
 */
export function LocationFields({
  value,
  onChange,
  errors,
  tileUrl,
  attribution,
  focus,
}: {
  /** Where the map should look (e.g. a picked address suggestion); it follows each new value. */
  focus?: { lat: number; lng: number } | null;
  value: LatLngText;
  onChange: (next: LatLngText) => void;
  errors: Record<string, string>;
  tileUrl: string;
  attribution: MapAttribution | null;
}) {
  const { t } = useTranslation('listingForm');
  const markDirty = useMarkStaffFormDirty();
  const at = pointOf(value);
  return (
    <div className="location-fields">
      <p id="map-hint" className="form-hint">
        {t('hints.map')}
      </p>
      <MapView
        points={[]}
        center={at ? [at.lat, at.lng] : ALMATY_CENTER}
        zoom={at ? 15 : 12}
        height={360}
        tileUrl={tileUrl}
        attribution={attribution}
        label={t('map.label')}
        fallback={t('map.noJs')}
        view={focus ? { center: [focus.lat, focus.lng], zoom: 16 } : undefined}
        pin={{
          at,
          label: t('map.pin'),
          onPick: (lat, lng) => {
            markDirty();
            onChange({ latitude: String(lat), longitude: String(lng) });
          },
        }}
      />
      <div className="form-row">
        <TextField
          name="latitude"
          label={t('fields.latitude')}
          hint={t('hints.coordinates')}
          error={errors.latitude}
          inputMode="decimal"
          value={value.latitude}
          onChange={(e) => onChange({ ...value, latitude: e.currentTarget.value })}
        />
        <TextField
          name="longitude"
          label={t('fields.longitude')}
          error={errors.longitude}
          inputMode="decimal"
          value={value.longitude}
          onChange={(e) => onChange({ ...value, longitude: e.currentTarget.value })}
        />
      </div>
    </div>
  );
}
