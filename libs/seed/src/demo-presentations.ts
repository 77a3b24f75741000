import type { EntityManager } from 'typeorm';

/** What the presentations' demo data inserted (issue 23). */
export interface PresentationSeedSummary {
  presentations: number;
  batches: number;
}

/**
 * Demo presentations (issue 23), so /dashboard/presentations is not empty under `npm start`: for
 * the demo employee, three to be generated (PDF ru, PPTX kk, PDF zh), one failed (its listing was
 * deleted: "retry" shows) and one expired; for the demo manager (or the first agent), a bulk run
 * of six listings x ru, kk (PDF). Rows to be made are dated a day before `referenceDate`: the
 * worker's ExpirePresentations job, run at its start, queues such presentations, so a started
 * stack renders them with the real renderer (the files are never part of the seed). Inserts
 * nothing when presentations exist already or there are no listings.
 */
export async function insertDemoPresentations(
  m: EntityManager,
  input: { referenceDate: Date; fallbackAuthorId: string | null },
): Promise<PresentationSeedSummary> {
  const none = { presentations: 0, batches: 0 };
  const [{ n }]: Array<{ n: number }> = await m.query(`SELECT count(*)::int AS n FROM presentations`);
  if (n > 0) return none;
  const users: Array<{ id: string; email: string }> = await m.query(
    `SELECT id, lower(email) AS email FROM users WHERE lower(email) IN ('employee@realty.local', 'manager@realty.local')`,
  );
  const employee = users.find((u) => u.email === 'employee@realty.local')?.id ?? input.fallbackAuthorId;
  const manager = users.find((u) => u.email === 'manager@realty.local')?.id ?? input.fallbackAuthorId;
  if (!employee || !manager) return none;
  const active: Array<{ id: string; title: Record<string, string> }> = await m.query(
    `SELECT id, title FROM properties WHERE status = 'active' AND deleted_at IS NULL ORDER BY created_at DESC, id LIMIT 9`,
  );
  const deleted: Array<{ id: string; title: Record<string, string> }> = await m.query(
    `SELECT id, title FROM properties WHERE deleted_at IS NOT NULL ORDER BY created_at DESC LIMIT 1`,
  );
  if (active.length < 3) return none;
  const at = new Date(input.referenceDate.getTime() - 24 * 3_600_000);
  const title = (p: { title: Record<string, string> }, lang: string) => (p.title[lang] || p.title.ru || '').slice(0, 300);
  const insert = async (v: {
    property: { id: string; title: Record<string, string> };
    lang: string;
    format: string;
    template: string;
    author: string;
    status?: string;
    error?: string | null;
    batchId?: string | null;
    expired?: boolean;
  }) =>
    m.query(
      `INSERT INTO presentations (title, property_ids, template_id, format, language, options, status, error, created_by, batch_id,
                                  created_at, updated_at, completed_at, expires_at, attempts)
       VALUES ($1, ARRAY[$2::uuid], $3, $4, $5, '{"showPrice": true, "includeAgentContacts": true}', $6, $7, $8, $9, $10, $10, $11, $11, $12)`,
      [
        title(v.property, v.lang),
        v.property.id,
        v.template,
        v.format,
        v.lang,
        v.status ?? 'generating',
        v.error ?? null,
        v.author,
        v.batchId ?? null,
        at,
        v.expired ? at : null,
        v.status && v.status !== 'generating' ? 1 : 0,
      ],
    );
  let count = 0;
  await insert({ property: active[0], lang: 'ru', format: 'pdf', template: 'classic', author: employee });
  await insert({ property: active[1], lang: 'kk', format: 'pptx', template: 'gallery', author: employee });
  await insert({ property: active[2], lang: 'zh', format: 'pdf', template: 'one-page', author: employee });
  count += 3;
  if (deleted[0]) {
    await insert({
      property: deleted[0],
      lang: 'ru',
      format: 'pdf',
      template: 'classic',
      author: employee,
      status: 'failed',
      error: 'presentations.listingsGone',
    });
    count += 1;
  }
  await insert({
    property: active[0],
    lang: 'en',
    format: 'pdf',
    template: 'one-page',
    author: employee,
    status: 'expired',
    expired: true,
  });
  count += 1;
  const selection = active.slice(3, 9);
  if (selection.length) {
    const languages = ['ru', 'kk'];
    const [{ id: batchId }]: Array<{ id: string }> = await m.query(
      `INSERT INTO presentation_batches (created_by, template_id, selection, languages, formats, options, total, created_at)
       VALUES ($1, 'one-page', $2::jsonb, $3::varchar[], ARRAY['pdf']::varchar[], '{"showPrice": true, "includeAgentContacts": true}', $4, $5)
       RETURNING id`,
      [manager, JSON.stringify({ propertyIds: selection.map((p) => p.id) }), languages, selection.length * languages.length, at],
    );
    for (const p of selection)
      for (const lang of languages) await insert({ property: p, lang, format: 'pdf', template: 'one-page', author: manager, batchId });
    count += selection.length * languages.length;
    return { presentations: count, batches: 1 };
  }
  return { presentations: count, batches: 0 };
}
