import type {
  GenerateLandingDto,
  LandingAnalyticsDto,
  LandingCategory,
  LandingDto,
  LandingEnquiryDto,
  LandingPeriod,
  LandingShareDto,
  LandingShareResultDto,
  LandingsOverviewDto,
  LandingsQuery,
  LandingTemplateDto,
  LeadCreatedDto,
  PropertyListItem,
  PublicLandingDto,
  ShareLandingTelegramDto,
  UpdateLandingDto,
} from '@realty/contracts';
import { segment } from './public-reads';
import type { CallOptions, Paged, QueryInput, Transport } from './transport';

/**
 * Landing pages (issue 23; spec 02 §7 Landings). Staff calls (ApiError 401 / 403; writes need a
 * manager, admin or super_admin): ApiValidationError (400) carries per-field messages in the
 * client's language; ApiError 409 SLUG_TAKEN (with fields.slug) on generate, 409
 * LANDING_NOT_ACTIVE and 503 TELEGRAM_NOT_CONFIGURED on share. Public calls: the page's read
 * (404 unless active), the sitemap's slugs, and the enquiry (a lead with source 'landing').
 */
type Opts = CallOptions;
export function landingsCalls({ getPage, getData, write }: Transport, langQuery: { lang?: string }) {
  const w = { query: langQuery };
  return {
    /** GET /landings?status&q&sort&dir&page&limit -> {items, meta}; each row with visits7d. */
    list: (query: Omit<LandingsQuery, 'lang'> = {}, opts?: Opts): Promise<Paged<LandingDto>> =>
      getPage<LandingDto>('/landings', { ...langQuery, ...query } as QueryInput, opts),
    /** GET /landings/{id}; ApiError 404. */
    get: (id: string, opts?: Opts) => getData<LandingDto>(`/landings/${segment(id)}`, langQuery, opts),
    /** POST /landings/generate -> 201 the landing (draft, generating: true, url). */
    generate: (body: GenerateLandingDto, opts?: Opts) => write<LandingDto>('POST', '/landings/generate', body, { ...opts, ...w }),
    /** PATCH /landings/{id} {status?, title?, seoTitle?, seoDescription?, intro?}. */
    update: (id: string, body: UpdateLandingDto, opts?: Opts) =>
      write<LandingDto>('PATCH', `/landings/${segment(id)}`, body, { ...opts, ...w }),
    /** DELETE /landings/{id} -> 204. */
    remove: (id: string, opts?: Opts) => write<null>('DELETE', `/landings/${segment(id)}`, undefined, { ...opts, ...w }),
    /** GET /landings/templates/list?category. */
    templates: (category?: LandingCategory, opts?: Opts) =>
      getData<LandingTemplateDto[]>('/landings/templates/list', { ...langQuery, category: category || undefined }, opts),
    /** GET /landings/templates/{id}; ApiError 404. */
    template: (id: string, opts?: Opts) => getData<LandingTemplateDto>(`/landings/templates/${segment(id)}`, langQuery, opts),
    /** GET /landings/{id}/analytics?period (default 7d). */
    analytics: (id: string, period: LandingPeriod = '7d', opts?: Opts) =>
      getData<LandingAnalyticsDto>(`/landings/${segment(id)}/analytics`, { ...langQuery, period }, opts),
    /** GET /landings/stats/overview. */
    overview: (opts?: Opts) => getData<LandingsOverviewDto>('/landings/stats/overview', langQuery, opts),
    /** GET /landings/{id}/shares: the last Telegram messages with their status. */
    shares: (id: string, opts?: Opts) => getData<LandingShareDto[]>(`/landings/${segment(id)}/shares`, langQuery, opts),
    /** POST /landings/{id}/share/telegram {recipients, message} -> 202 the queued messages. */
    shareTelegram: (id: string, body: ShareLandingTelegramDto, opts?: Opts) =>
      write<LandingShareResultDto>('POST', `/landings/${segment(id)}/share/telegram`, body, { ...opts, ...w }),
    /** Public: GET /landings/public/{slug} -> the active landing with its cards; ApiError 404 otherwise. */
    publicPage: (slug: string, opts?: Opts) =>
      getData<PublicLandingDto<PropertyListItem>>(`/landings/public/${segment(slug)}`, langQuery, opts),
    /** Public: GET /landings/public/sitemap -> the active landings' slugs. */
    sitemap: (opts?: Opts) => getData<Array<{ slug: string; updatedAt: string }>>('/landings/public/sitemap', {}, opts),
    /** Public: POST /landings/public/{slug}/leads -> 201 {id, status} (200 with duplicate: true). */
    enquiry: (slug: string, body: LandingEnquiryDto, opts?: Opts) =>
      write<LeadCreatedDto>('POST', `/landings/public/${segment(slug)}/leads`, body, { ...opts, ...w }),
  };
}
