import { LANDING_BOUNDS, landingTemplate, landingTexts, type Language } from '@realty/contracts';

/** Anything that runs SQL (a DataSource or a transaction's EntityManager). */
interface Sql {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** The demo's landing pages (issue 23): two active ones, written as the worker would write them. */
export const DEMO_LANDINGS = [
  {
    slug: 'ofisy-v-arendu-almaty',
    templateId: 'offices-rent',
    title: 'Офисы в аренду в центре Алматы',
    language: 'ru' as Language,
    filter: { type: 'office', dealType: 'rent' },
    typeSlug: 'office',
    dealType: 'rent',
  },
  {
    slug: 'warehouses-almaty',
    templateId: 'warehouse-logistics',
    title: 'Warehouses and logistics in Almaty',
    language: 'en' as Language,
    filter: { type: 'warehouse' },
    typeSlug: 'warehouse',
    dealType: null,
  },
] as const;

/**
 * Inserts the demo landings when the landings table is empty (a landing with the same slug is
 * never overwritten): active, their listings the newest public ones of their filter (as the
 * GenerateLanding job resolves them), the texts from their templates, by the demo manager when
 * there is one. Answers how many were added.
 */
export async function insertDemoLandings(db: Sql): Promise<number> {
  const [{ n }] = (await db.query(`SELECT count(*)::int AS n FROM landings`)) as Array<{ n: number }>;
  if (n > 0) return 0;
  const [manager] = (await db.query(`SELECT id FROM users WHERE lower(email) = 'manager@realty.local'`)) as Array<{ id: string }>;
  let added = 0;
  for (const l of DEMO_LANDINGS) {
    const ids = (
      (await db.query(
        `SELECT p.id FROM properties p
          WHERE p.status = 'active' AND p.deleted_at IS NULL
            AND p.property_type_id = (SELECT id FROM property_types WHERE slug = $1)
            AND ($2::text IS NULL OR p.deal_type = $2)
          ORDER BY p.featured DESC, p.published_at DESC NULLS LAST, p.id LIMIT $3`,
        [l.typeSlug, l.dealType, LANDING_BOUNDS.filterListingsMax],
      )) as Array<{ id: string }>
    ).map((r) => r.id);
    const texts = landingTexts(landingTemplate(l.templateId)!, l.language, { title: l.title, count: ids.length });
    const rows = (await db.query(
      `INSERT INTO landings (template_id, title, slug, language, status, filter, listing_ids, seo_title, seo_description, intro,
                             generated_at, created_by)
       VALUES ($1, $2, $3, $4, 'active', $5::jsonb, $6::uuid[], $7, $8, $9, now(), $10)
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        l.templateId,
        l.title,
        l.slug,
        l.language,
        JSON.stringify(l.filter),
        ids,
        texts.seoTitle,
        texts.seoDescription,
        texts.intro,
        manager?.id ?? null,
      ],
    )) as unknown[];
    added += rows.length;
  }
  return added;
}
