import { Injectable, Logger } from '@nestjs/common';
import { LANDING_BOUNDS, landingTemplate, landingTexts, type Language, type LandingFilter, type LandingStatus } from '@realty/contracts';
import { JobName, type JobPayloads } from '@realty/jobs';
import { UnrecoverableError, type Job } from 'bullmq';
import { DataSource, type EntityManager } from 'typeorm';
import { JobHandler } from '../jobs/job-handler.decorator';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The public-listing predicate of the catalogue (api/src/properties/properties.repository.ts). */
const PUBLIC = `p.status = 'active' AND p.deleted_at IS NULL`;

interface LandingRow {
  id: string;
  template_id: string;
  title: string;
  language: Language;
  status: LandingStatus;
  property_ids: string[];
  filter: LandingFilter | null;
  activate_on_generate: boolean;
  generated_at: Date | null;
}

/** SQL condition and parameters of a LandingFilter over `p` (properties), from parameter `$start`. */
export function filterSql(f: LandingFilter, start = 1): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (cond: (n: string) => string, value: unknown) => {
    params.push(value);
    parts.push(cond(`$${start + params.length - 1}`));
  };
  if (f.dealType) add((n) => `p.deal_type = ${n}`, f.dealType);
  if (f.type) add((n) => `p.property_type_id = (SELECT id FROM property_types WHERE slug = ${n})`, f.type);
  if (f.category) add((n) => `p.category_id = (SELECT id FROM property_categories WHERE slug = ${n})`, f.category);
  if (f.district) add((n) => `p.district_id = (SELECT id FROM districts WHERE slug = ${n})`, f.district);
  if (f.priceMin !== undefined) add((n) => `p.price >= ${n}`, f.priceMin);
  if (f.priceMax !== undefined) add((n) => `p.price <= ${n}`, f.priceMax);
  if (f.areaMin !== undefined) add((n) => `p.area >= ${n}`, f.areaMin);
  if (f.areaMax !== undefined) add((n) => `p.area <= ${n}`, f.areaMax);
  if (f.featured) parts.push(`p.featured`);
  return { sql: parts.length ? parts.join(' AND ') : 'TRUE', params };
}

/**
 * The landings queue (issue 23 "Landing pages"; spec 02 §7 POST /landings/generate): the
 * GenerateLanding job resolves a landing's listings (the chosen ids that are public, in their
 * order, then the catalogue filter's newest public listings, at most 24 from the filter, no
 * repeats) into a snapshot (`listing_ids`), writes the SEO title, description and intro from
 * its template in the landing's language (deterministic texts, landingTexts of @realty/contracts),
 * stamps generated_at and sets the status: active when the landing asked for it
 * (activate_on_generate) and is still a draft, else it stays as it is.
 *
 * Idempotent: the landing row is locked, and running the job again writes the same values; a
 * landing deleted meanwhile is skipped. Database errors throw, so BullMQ retries with backoff
 * (DEFAULT_JOB_OPTIONS); an unknown template fails at once. A run that fails for good (the last
 * attempt, or an unknown template) records generation_error, so the landing no longer shows as
 * generating (the staff screen polls while it does).
 */
@Injectable()
export class LandingsService {
  private readonly logger = new Logger(LandingsService.name);

  constructor(private readonly db: DataSource) {}

  @JobHandler(JobName.GenerateLanding)
  async generate(
    job: Job<JobPayloads[JobName.GenerateLanding]>,
  ): Promise<{ status: 'generated' | 'skipped'; listings?: number; landingStatus?: LandingStatus }> {
    const id = job.data?.landingId;
    if (typeof id !== 'string' || !UUID.test(id)) throw new UnrecoverableError(`generate-landing ${job.id}: invalid payload`);
    try {
      return await this.generateIn(id, job);
    } catch (err) {
      const last = err instanceof UnrecoverableError || (job.attemptsMade ?? 0) + 1 >= (job.opts?.attempts ?? 1);
      if (last) {
        // Written apart: the failed run's transaction was rolled back with anything it wrote.
        const reason = err instanceof UnrecoverableError ? err.message : `the job failed: ${(err as Error).message || String(err)}`;
        this.logger.warn(`landing ${id}: ${reason}`);
        await this.db.query(`UPDATE landings SET generation_error = $2, updated_at = now() WHERE id = $1`, [id, reason.slice(0, 500)]);
      }
      throw err;
    }
  }

  private generateIn(
    id: string,
    job: Job<JobPayloads[JobName.GenerateLanding]>,
  ): Promise<{ status: 'generated' | 'skipped'; listings?: number; landingStatus?: LandingStatus }> {
    return this.db.transaction(async (m) => {
      const rows: LandingRow[] = await m.query(
        `SELECT id, template_id, title, language, status, property_ids, filter, activate_on_generate, generated_at
           FROM landings WHERE id = $1 FOR UPDATE`,
        [id],
      );
      const landing = rows[0];
      if (!landing) return { status: 'skipped' as const };
      const template = landingTemplate(landing.template_id);
      if (!template) throw new UnrecoverableError(`unknown template ${landing.template_id}`);
      const listingIds = await this.resolve(m, landing);
      await job.updateProgress?.(50);
      const texts = landingTexts(template, landing.language, { title: landing.title, count: listingIds.length });
      const status: LandingStatus =
        landing.status === 'draft' && landing.activate_on_generate && !landing.generated_at ? 'active' : landing.status;
      await m.query(
        `UPDATE landings
            SET listing_ids = $2::uuid[], seo_title = $3, seo_description = $4, intro = $5, status = $6,
                generated_at = now(), generation_error = NULL, updated_at = now()
          WHERE id = $1`,
        [id, listingIds, texts.seoTitle, texts.seoDescription, texts.intro, status],
      );
      await job.updateProgress?.(100);
      this.logger.log(`landing ${id} generated: ${listingIds.length} listings, ${status}`);
      return { status: 'generated' as const, listings: listingIds.length, landingStatus: status };
    });
  }

  /** The chosen public listings in their order, then the filter's newest public ones (no repeats). */
  private async resolve(m: EntityManager, landing: LandingRow): Promise<string[]> {
    const out: string[] = [];
    if (landing.property_ids.length) {
      const rows: Array<{ id: string }> = await m.query(
        `SELECT p.id FROM unnest($1::uuid[]) WITH ORDINALITY AS c(id, n) JOIN properties p ON p.id = c.id WHERE ${PUBLIC} ORDER BY c.n`,
        [landing.property_ids],
      );
      out.push(...rows.map((r) => r.id));
    }
    if (landing.filter) {
      const { sql, params } = filterSql(landing.filter, 3);
      const rows: Array<{ id: string }> = await m.query(
        `SELECT p.id FROM properties p WHERE ${PUBLIC} AND NOT (p.id = ANY($1::uuid[])) AND ${sql}
          ORDER BY p.featured DESC, p.published_at DESC NULLS LAST, p.id LIMIT $2`,
        [out, LANDING_BOUNDS.filterListingsMax, ...params],
      );
      out.push(...rows.map((r) => r.id));
    }
    return out;
  }
}
