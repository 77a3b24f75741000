import { Link } from '@remix-run/react';
import type { Language } from '@realty/contracts';
import { DISTRICTS, PROPERTY_TYPES } from '@realty/contracts';
import { formatArea, formatMoney } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import type { ListingConfig, ListingDraft, ListingField } from '~/lib/catalog/listing-params';
import type { ChangeMode } from '~/lib/catalog/use-listing-form';
import { RangeField } from './RangeField';

/**
 * The filter fields of a listing page (spec 01 §2 catalogue and category filter panels, §5).
 * Rendered inside the page's GET form: a plain form without JavaScript (the Apply button),
 * applied on every change with it.
 */
export function CatalogFilters({
  config,
  draft,
  update,
  idPrefix,
  clearHref,
  onClear,
  hydrated,
  lang,
}: {
  config: ListingConfig;
  draft: ListingDraft;
  update: (name: keyof ListingDraft, value: string, mode: ChangeMode) => void;
  idPrefix: string;
  clearHref: string;
  onClear?: () => void;
  hydrated: boolean;
  lang: Language;
}) {
  const { t } = useTranslation('catalog');
  const has = (f: ListingField) => config.fields.includes(f);
  const onRange = (name: string, value: string, mode: ChangeMode) => update(name as keyof ListingDraft, value, mode);
  return (
    <div className="filters">
      {has('dealType') ? (
        <fieldset className="filter-group">
          <legend>{t('filters.dealType')}</legend>
          <div className="pill-group">
            {config.dealTypeOptions.map((v) => (
              <label key={v} className="pill">
                <input
                  type="radio"
                  name="dealType"
                  value={v}
                  checked={draft.dealType === v}
                  onChange={() => update('dealType', v, 'now')}
                />
                <span>{t(`filters.deal.${v}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      {has('type') ? (
        <fieldset className="filter-group">
          <legend>{t('filters.type')}</legend>
          <div className="pill-group">
            {(['all', ...PROPERTY_TYPES] as const).map((v) => (
              <label key={v} className="pill">
                <input type="radio" name="type" value={v} checked={draft.type === v} onChange={() => update('type', v, 'now')} />
                <span>{v === 'all' ? t('filters.allTypes') : t(`types.${v}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      {has('district') ? (
        <div className="filter-group">
          <label htmlFor={`${idPrefix}-district`} className="filter-label">
            {t('filters.district')}
          </label>
          <select
            id={`${idPrefix}-district`}
            name="district"
            value={draft.district}
            onChange={(e) => update('district', e.target.value, 'now')}
          >
            <option value="all">{t('filters.allDistricts')}</option>
            {DISTRICTS.map((d) => (
              <option key={d} value={d}>
                {t(`districts.${d}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      {has('price') ? (
        <RangeField
          id={`${idPrefix}-price`}
          legend={t('filters.price')}
          names={['price_min', 'price_max']}
          values={[draft.price_min, draft.price_max]}
          spec={config.price}
          labels={{ from: t('filters.from'), to: t('filters.to'), sliderFrom: t('filters.priceMin'), sliderTo: t('filters.priceMax') }}
          format={formatMoney}
          onChange={onRange}
          slider={hydrated}
        />
      ) : null}

      {has('area') ? (
        <RangeField
          id={`${idPrefix}-area`}
          legend={t('filters.area')}
          names={['area_min', 'area_max']}
          values={[draft.area_min, draft.area_max]}
          spec={config.area}
          labels={{ from: t('filters.from'), to: t('filters.to'), sliderFrom: t('filters.areaMin'), sliderTo: t('filters.areaMax') }}
          format={(n) => formatArea(n, lang)}
          onChange={onRange}
          slider={hydrated}
        />
      ) : null}

      {has('roomsMin') ? (
        <div className="filter-group">
          <label htmlFor={`${idPrefix}-rooms`} className="filter-label">
            {t('filters.roomsMin')}
          </label>
          <input
            id={`${idPrefix}-rooms`}
            type="number"
            name="rooms_min"
            inputMode="numeric"
            min={config.rooms.min}
            max={config.rooms.max}
            step={config.rooms.step}
            value={draft.rooms_min}
            onChange={(e) => update('rooms_min', e.target.value, 'typing')}
          />
          {hydrated ? (
            <input
              type="range"
              className="single-slider"
              min={config.rooms.min}
              max={config.rooms.max}
              step={config.rooms.step}
              value={Number(draft.rooms_min) || 0}
              aria-label={t('filters.roomsMin')}
              aria-valuetext={Number(draft.rooms_min) > 0 ? String(draft.rooms_min) : t('filters.roomsAny')}
              onChange={(e) => update('rooms_min', e.target.value, 'typing')}
            />
          ) : null}
        </div>
      ) : null}

      {has('furniture') || has('parking') || has('airConditioning') ? (
        <fieldset className="filter-group">
          <legend className="sr-only">{t('filters.amenities')}</legend>
          {has('furniture') ? (
            <label className="check">
              <input
                type="checkbox"
                name="furniture"
                value="true"
                checked={draft.furniture === 'true'}
                onChange={(e) => update('furniture', e.target.checked ? 'true' : '', 'now')}
              />
              <span>{t('filters.furniture')}</span>
            </label>
          ) : null}
          {has('parking') ? (
            <label className="check">
              <input
                type="checkbox"
                name="parking"
                value="true"
                checked={draft.parking === 'true'}
                onChange={(e) => update('parking', e.target.checked ? 'true' : '', 'now')}
              />
              <span>{t('filters.parking')}</span>
            </label>
          ) : null}
          {has('airConditioning') ? (
            <label className="check">
              <input
                type="checkbox"
                name="air_conditioning"
                value="true"
                checked={draft.air_conditioning === 'true'}
                onChange={(e) => update('air_conditioning', e.target.checked ? 'true' : '', 'now')}
              />
              <span>{t('filters.airConditioning')}</span>
            </label>
          ) : null}
        </fieldset>
      ) : null}

      <div className="filters__actions">
        {/* Without JavaScript the form is applied with this button; with it every change applies at once. */}
        <button type="submit" className="btn btn-primary" hidden={hydrated}>
          {t('filters.apply')}
        </button>
        <Link to={clearHref} className="btn btn-secondary" onClick={onClear} preventScrollReset>
          {t('filters.clear')}
        </Link>
      </div>
    </div>
  );
}
