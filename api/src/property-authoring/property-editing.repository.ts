import { Injectable } from '@nestjs/common';
import type { FormOptionDto, ListingFormOptionsDto } from '@realty/contracts';
import type { PropertyImage } from '@realty/db';
import type { EntityManager } from 'typeorm';

/** A property_images row with its upload name (null for images the seed loaded without an uploads row). */
export interface ListingImageRow {
  id: string;
  storage_key: string;
  variants: PropertyImage['variants'];
  width: number | null;
  height: number | null;
  sort_order: number;
  name: string | null;
}

/**
 * SQL of the listing form's reads and the image order (issue 21; spec 02 §2 create/edit screens).
 * Methods take the caller's EntityManager, so a reorder commits with its audit row.
 */
@Injectable()
export class PropertyEditingRepository {
  /** The reference lists of the form: categories (with subcategories), types, districts, building complexes. */
  async formOptions(m: EntityManager): Promise<ListingFormOptionsDto> {
    const [categories, subcategories, propertyTypes, districts, complexes] = await Promise.all([
      m.query(`SELECT id, slug, name FROM property_categories ORDER BY sort_order, id`) as Promise<FormOptionDto[]>,
      m.query(`SELECT id, slug, name, category_id FROM property_subcategories ORDER BY sort_order, id`) as Promise<
        Array<FormOptionDto & { category_id: number }>
      >,
      m.query(`SELECT id, slug, name FROM property_types ORDER BY id`) as Promise<FormOptionDto[]>,
      m.query(`SELECT id, slug, name FROM districts ORDER BY id`) as Promise<FormOptionDto[]>,
      m.query(`SELECT id, slug, name, district_id FROM building_complexes ORDER BY slug`) as Promise<
        Array<FormOptionDto & { district_id: number | null }>
      >,
    ]);
    return {
      categories: categories.map((c) => ({
        id: c.id,
        slug: c.slug,
        name: c.name,
        subcategories: subcategories.filter((s) => s.category_id === c.id).map((s) => ({ id: s.id, slug: s.slug, name: s.name })),
      })),
      propertyTypes,
      districts,
      buildingComplexes: complexes.map((b) => ({ id: b.id, slug: b.slug, name: b.name, districtId: b.district_id })),
    };
  }

  /** The listing's images, main (lowest sort_order, then oldest) first, with their upload names. */
  async images(m: EntityManager, propertyId: string): Promise<ListingImageRow[]> {
    return m.query(
      `SELECT pi.id, pi.storage_key, pi.variants, pi.width, pi.height, pi.sort_order, u.name
         FROM property_images pi LEFT JOIN uploads u ON u.property_image_id = pi.id
        WHERE pi.property_id = $1
        ORDER BY pi.sort_order, pi.created_at, pi.id`,
      [propertyId],
    );
  }

  /** sort_order = position in `order` (0 = main) for the listing's images named there. */
  async reorder(m: EntityManager, propertyId: string, order: string[]): Promise<void> {
    await m.query(
      `UPDATE property_images pi SET sort_order = o.ord - 1
         FROM unnest($2::uuid[]) WITH ORDINALITY AS o(id, ord)
        WHERE pi.id = o.id AND pi.property_id = $1`,
      [propertyId, order],
    );
  }
}
