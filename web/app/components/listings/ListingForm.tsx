import { Link } from '@remix-run/react';
import { DEAL_TYPES, LISTING_BOUNDS, PROPERTY_FEATURES, type Language, type ListingFormOptionsDto } from '@realty/contracts';
import { pickText } from '@realty/i18n/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapAttribution } from '~/components/MapView';
import { CheckboxGroup, LocalizedField, SelectField, TextField } from '~/components/staff/fields';
import { StaffForm } from '~/components/staff/StaffForm';
import type { ListingFormValues } from '~/lib/listings/listing-form';
import type { ToastMessage } from '~/lib/forms/toast';
import { useHydrated } from '~/lib/serving/use-hydrated';
import { AddressField } from './AddressField';
import { LocationFields, type LatLngText } from './LocationFields';

/**
 * The ONE listing form of /dashboard/employee/create and /edit/{id} (issue 21; spec 02 §2, §5),
 * on the staff form pattern: texts in four languages (ru required; tabs with JavaScript, one
 * under the other without), deal, price (₸), area (m²), category / subcategory / type / district /
 * business centre, address with suggestions, city, the map pin (coordinate fields without
 * JavaScript), characteristics and features. The action validates it with PropertyWriteDto as
 * the API does; `errors` are the page's or the API's field messages.
 */
export function ListingForm({
  mode,
  values,
  options,
  errors,
  formError,
  tiles,
}: {
  mode: 'create' | 'edit';
  values: ListingFormValues;
  options: ListingFormOptionsDto;
  errors: Record<string, string>;
  formError: ToastMessage | null;
  tiles: { url: string; attribution: MapAttribution | null };
}) {
  const { t, i18n } = useTranslation('listingForm');
  const { t: tc } = useTranslation('catalog');
  const lang = (i18n.language || 'ru') as Language;
  const hydrated = useHydrated();
  const name = (n: Record<Language, string>) => pickText(n, lang) || pickText(n, 'ru');
  const f = values.fields;
  const [categoryId, setCategoryId] = useState(f.categoryId);
  const [subcategoryId, setSubcategoryId] = useState(f.subcategoryId);
  const [point, setPoint] = useState<LatLngText>({ latitude: f.latitude, longitude: f.longitude });
  const [focus, setFocus] = useState<{ lat: number; lng: number } | null>(null);

  // Without JavaScript every subcategory is offered (named with its category; the API checks the
  // pair); with it, those of the chosen category.
  const subcategories = options.categories.flatMap((c) =>
    c.subcategories
      .filter(() => !hydrated || String(c.id) === categoryId)
      .map((s) => ({ value: String(s.id), label: hydrated ? name(s.name) : `${name(c.name)} — ${name(s.name)}` })),
  );

  return (
    <StaffForm
      errors={errors}
      formError={formError}
      submitLabel={mode === 'create' ? t('save.create') : t('save.update')}
      secondary={
        <Link to="/dashboard/employee" className="btn btn-secondary">
          {t('back')}
        </Link>
      }
    >
      <section className="listing-form__section" aria-labelledby="listing-texts">
        <h2 id="listing-texts">{t('sections.texts')}</h2>
        <LocalizedField
          name="title"
          label={t('fields.title')}
          values={values.title}
          error={errors.title}
          maxLength={LISTING_BOUNDS.title[1]}
        />
        <p className="form-hint">{t('hints.title')}</p>
        <LocalizedField
          name="description"
          label={t('fields.description')}
          values={values.description}
          error={errors.description}
          maxLength={LISTING_BOUNDS.description[1]}
          multiline
        />
        <p className="form-hint">{t('hints.description')}</p>
      </section>

      <section className="listing-form__section" aria-labelledby="listing-deal">
        <h2 id="listing-deal">{t('sections.deal')}</h2>
        <div className="form-row">
          <SelectField
            name="dealType"
            label={t('fields.dealType')}
            error={errors.dealType}
            required
            defaultValue={f.dealType}
            options={DEAL_TYPES.map((d) => ({ value: d, label: tc(`dealTypes.${d}`) }))}
          />
          <TextField
            name="price"
            label={t('fields.price')}
            hint={t('hints.price')}
            error={errors.price}
            required
            inputMode="numeric"
            defaultValue={f.price}
          />
          <TextField name="area" label={t('fields.area')} error={errors.area} required inputMode="decimal" defaultValue={f.area} />
        </div>
        <div className="form-row">
          <SelectField
            name="categoryId"
            label={t('fields.categoryId')}
            error={errors.categoryId}
            required
            value={categoryId}
            onChange={(e) => {
              setCategoryId(e.currentTarget.value);
              setSubcategoryId('');
            }}
            emptyLabel={t('fields.choose')}
            options={options.categories.map((c) => ({ value: String(c.id), label: name(c.name) }))}
          />
          <SelectField
            name="subcategoryId"
            label={t('fields.subcategoryId')}
            error={errors.subcategoryId}
            value={subcategoryId}
            onChange={(e) => setSubcategoryId(e.currentTarget.value)}
            emptyLabel={t('fields.none')}
            options={subcategories}
          />
          <SelectField
            name="propertyTypeId"
            label={t('fields.propertyTypeId')}
            error={errors.propertyTypeId}
            required
            defaultValue={f.propertyTypeId}
            emptyLabel={t('fields.choose')}
            options={options.propertyTypes.map((p) => ({ value: String(p.id), label: name(p.name) }))}
          />
        </div>
      </section>

      <section className="listing-form__section" aria-labelledby="listing-location">
        <h2 id="listing-location">{t('sections.location')}</h2>
        <AddressField
          defaultValue={f.address}
          error={errors.address}
          onPick={(place) => {
            setPoint({ latitude: String(place.lat), longitude: String(place.lng) });
            setFocus({ lat: place.lat, lng: place.lng });
          }}
        />
        <div className="form-row">
          <TextField name="city" label={t('fields.city')} error={errors.city} required maxLength={50} defaultValue={f.city} />
          <SelectField
            name="districtId"
            label={t('fields.districtId')}
            error={errors.districtId}
            defaultValue={f.districtId}
            emptyLabel={t('fields.none')}
            options={options.districts.map((d) => ({ value: String(d.id), label: name(d.name) }))}
          />
          <SelectField
            name="buildingComplexId"
            label={t('fields.buildingComplexId')}
            error={errors.buildingComplexId}
            defaultValue={f.buildingComplexId}
            emptyLabel={t('fields.none')}
            options={options.buildingComplexes.map((b) => ({ value: String(b.id), label: name(b.name) }))}
          />
        </div>
        <LocationFields
          value={point}
          onChange={setPoint}
          focus={focus}
          errors={errors}
          tileUrl={tiles.url}
          attribution={tiles.attribution}
        />
      </section>

      <section className="listing-form__section" aria-labelledby="listing-details">
        <h2 id="listing-details">{t('sections.details')}</h2>
        <div className="form-row">
          <TextField name="rooms" label={t('fields.rooms')} error={errors.rooms} inputMode="numeric" defaultValue={f.rooms} />
          <TextField name="floor" label={t('fields.floor')} error={errors.floor} inputMode="numeric" defaultValue={f.floor} />
          <TextField
            name="totalFloors"
            label={t('fields.totalFloors')}
            error={errors.totalFloors}
            inputMode="numeric"
            defaultValue={f.totalFloors}
          />
          <TextField
            name="yearBuilt"
            label={t('fields.yearBuilt')}
            error={errors.yearBuilt}
            inputMode="numeric"
            defaultValue={f.yearBuilt}
          />
        </div>
        <CheckboxGroup
          name="features"
          legend={t('sections.features')}
          error={errors.features}
          checked={values.features}
          options={PROPERTY_FEATURES.map((feature) => ({ value: feature, label: tc(`features.${feature}`) }))}
        />
      </section>
    </StaffForm>
  );
}
