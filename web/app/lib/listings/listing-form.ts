import type { FieldKind } from '~/lib/staff/staff-form.server';
import {
  LANGUAGES,
  PROPERTY_FEATURES,
  type Language,
  type PropertyFeature,
  type PropertyWriteValues,
  type StaffPropertyDto,
} from '@realty/contracts';

/**
 * The staff listing form's values as the page keeps them (issue 21; spec 02 §2
 * /dashboard/employee/create and /edit/{id}, §5): raw strings per field, so a refused post
 * renders exactly what was typed, and the conversion of those strings into the body that
 * PropertyWriteDto validates on the page and in the API (spec 02 §5 bounds, the same DTO).
 */

/** The edit page of a listing (where a create goes next, to add the images). */
export const editPath = (id: string) => `/dashboard/employee/edit/${id}`;

/** How each posted field becomes PropertyWriteDto input (the staff pattern's formInput). */
export const LISTING_FIELD_KINDS: Record<string, FieldKind> = {
  title: 'localized',
  description: 'localized',
  price: 'number',
  area: 'number',
  address: 'text',
  city: 'text',
  rooms: 'number',
  floor: 'number',
  totalFloors: 'number',
  yearBuilt: 'number',
  latitude: 'number',
  longitude: 'number',
  dealType: 'text',
  categoryId: 'number',
  subcategoryId: 'number',
  propertyTypeId: 'number',
  districtId: 'number',
  buildingComplexId: 'number',
  features: 'list',
};

/** Text fields of the form (title and description per language are `title.<lang>`, `description.<lang>`). */
export const LISTING_TEXT_FIELDS = [
  'price',
  'area',
  'address',
  'city',
  'rooms',
  'floor',
  'totalFloors',
  'yearBuilt',
  'latitude',
  'longitude',
  'dealType',
  'categoryId',
  'subcategoryId',
  'propertyTypeId',
  'districtId',
  'buildingComplexId',
] as const;
export type ListingTextField = (typeof LISTING_TEXT_FIELDS)[number];

export interface ListingFormValues {
  title: Record<Language, string>;
  description: Record<Language, string>;
  fields: Record<ListingTextField, string>;
  features: PropertyFeature[];
}

const emptyTexts = (): Record<Language, string> => ({ ru: '', en: '', kk: '', zh: '' });

/** A blank form: rent in Almaty (the agency's city), nothing else chosen. */
export function emptyListingValues(): ListingFormValues {
  const fields = Object.fromEntries(LISTING_TEXT_FIELDS.map((f) => [f, ''])) as Record<ListingTextField, string>;
  fields.dealType = 'rent';
  fields.city = 'Алматы';
  return { title: emptyTexts(), description: emptyTexts(), fields, features: [] };
}

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** The form's values for a stored listing (the edit page; the proposed values when an edit waits). */
export function listingValues(p: PropertyWriteValues | StaffPropertyDto): ListingFormValues {
  const title = emptyTexts();
  const description = emptyTexts();
  for (const lang of LANGUAGES) {
    title[lang] = p.title[lang] ?? '';
    description[lang] = p.description[lang] ?? '';
  }
  const fields = Object.fromEntries(LISTING_TEXT_FIELDS.map((f) => [f, str(p[f])])) as Record<ListingTextField, string>;
  return { title, description, fields, features: [...p.features] };
}

/** The values of a posted form (unknown features dropped; each text at most 5000 characters kept). */
export function listingValuesFromForm(form: FormData): ListingFormValues {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v.slice(0, 5000) : '';
  };
  const values = emptyListingValues();
  for (const lang of LANGUAGES) {
    values.title[lang] = text(`title.${lang}`);
    values.description[lang] = text(`description.${lang}`);
  }
  for (const f of LISTING_TEXT_FIELDS) values.fields[f] = text(f);
  const features = new Set(form.getAll('features').map(String));
  values.features = PROPERTY_FEATURES.filter((f) => features.has(f));
  return values;
}
