import { IsIn, IsOptional } from 'class-validator';
import { Transform } from 'class-transformer';
import { Check, LowerEnum } from './auth.dto';
import {
  DEAL_TYPES,
  DISTRICTS,
  LANGUAGES,
  PROPERTY_TYPES,
  type DealType,
  type DistrictSlug,
  type Language,
  type LocalizedText,
  type PropertyTypeSlug,
} from './enums';
import { HomeContactFormDto } from './leads.forms.dto';
import type { MessageKey } from './messages';
import { QueryRules } from './query-rules';
import { SORT_DIRECTIONS, type SortDirection } from './staff-listings';
import { PageNumber } from './users.dto';

/**
 * Landing pages (issue 23 "Landing pages"; spec 02 §2 /dashboard/landings, §3 "landing template",
 * §4 statuses active | inactive | draft, §7 Landings): the fixed template list, the write DTOs
 * shared by the dashboard's forms and the API, the answers, and the deterministic texts the
 * worker writes from a template (no network, four languages).
 */

export const LANDING_STATUSES = ['active', 'inactive', 'draft'] as const;
export type LandingStatus = (typeof LANDING_STATUSES)[number];

export const LANDING_CATEGORIES = ['offices', 'retail', 'warehouse', 'coworking', 'general'] as const;
export type LandingCategory = (typeof LANDING_CATEGORIES)[number];

/** Analytics periods (spec 02 §9 "analytics period default 7d"). */
export const LANDING_PERIODS = ['7d', '30d', '90d'] as const;
export type LandingPeriod = (typeof LANDING_PERIODS)[number];
export const LANDING_PERIOD_DAYS: Record<LandingPeriod, number> = { '7d': 7, '30d': 30, '90d': 90 };

export const LANDING_BOUNDS = {
  title: [5, 200],
  slug: [3, 100],
  propertyIdsMax: 50,
  seoTitleMax: 200,
  seoDescriptionMax: 400,
  introMax: 5000,
  recipientsMax: 20,
  messageMax: 3500,
  qMax: 100,
  /** Listings a filter resolves to, at most (newest first). */
  filterListingsMax: 24,
} as const;
export const LANDINGS_PAGE_SIZE = 20;
export const LANDINGS_LIMIT_MAX = 100;

/** The public page of a landing (web route l.$slug.tsx); also the page-view path analytics counts. */
export function landingPath(slug: string): string {
  return `/l/${encodeURIComponent(slug)}`;
}

/** A slug: lower-case latin letters and digits in words joined by single hyphens. */
export const LANDING_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A Telegram chat: a numeric id or an @username (Bot API). */
export const TELEGRAM_CHAT_PATTERN = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A text template: `{title}` and `{count}` are replaced (landingTexts). */
export interface LandingTemplateTexts {
  seoTitle: LocalizedText;
  seoDescription: LocalizedText;
  intro: LocalizedText;
}

/** One template of the fixed list (spec 02 §3 "landing template": fields not shown, decided here). */
export interface LandingTemplate {
  id: string;
  category: LandingCategory;
  name: LocalizedText;
  description: LocalizedText;
  /** The filter a new landing of this template suggests (the form's default). */
  suggestedFilter: LandingFilter;
  texts: LandingTemplateTexts;
}

const lt = (ru: string, en: string, kk: string, zh: string): LocalizedText => ({ ru, en, kk, zh });

/** The fixed template list (docs/decisions/040-landing-pages.md). */
export const LANDING_TEMPLATES: readonly LandingTemplate[] = [
  {
    id: 'offices-rent',
    category: 'offices',
    name: lt('Аренда офисов', 'Offices for rent', 'Кеңселерді жалға алу', '办公室出租'),
    description: lt(
      'Подборка офисов в аренду с формой заявки',
      'A selection of offices for rent with an enquiry form',
      'Жалға берілетін кеңселер іріктемесі және өтінім формасы',
      '出租办公室精选及咨询表单',
    ),
    suggestedFilter: { type: 'office', dealType: 'rent' },
    texts: {
      seoTitle: lt(
        '{title} — аренда офисов в Алматы',
        '{title} — offices for rent in Almaty',
        '{title} — Алматыдағы кеңселерді жалға алу',
        '{title} — 阿拉木图办公室出租',
      ),
      seoDescription: lt(
        '{title}: офисы в аренду в бизнес-центрах Алматы. Объектов в подборке: {count}. Оставьте заявку — подберём и покажем.',
        '{title}: offices for rent in Almaty business centres. Listings in this selection: {count}. Send an enquiry and we will arrange a viewing.',
        '{title}: Алматы бизнес-орталықтарындағы жалға берілетін кеңселер. Іріктемедегі нысандар: {count}. Өтінім қалдырыңыз — көрсетеміз.',
        '{title}：阿拉木图商务中心的出租办公室。精选房源数量：{count}。留下咨询，我们将为您安排看房。',
      ),
      intro: lt(
        'Мы собрали офисы в аренду, которые подходят для компаний любого размера. Объектов в подборке: {count}. Цены указаны в тенге, площади — в м².',
        'We have gathered offices for rent that suit companies of any size. Listings in this selection: {count}. Prices are in tenge, areas in m².',
        'Кез келген көлемдегі компанияларға сай келетін жалға берілетін кеңселерді жинадық. Іріктемедегі нысандар: {count}. Бағалар теңгемен, аудандар м²-мен.',
        '我们为各种规模的公司精选了出租办公室。精选房源数量：{count}。价格以坚戈计，面积以平方米计。',
      ),
    },
  },
  {
    id: 'offices-sale',
    category: 'offices',
    name: lt('Продажа офисов', 'Offices for sale', 'Кеңселерді сату', '办公室出售'),
    description: lt('Офисы в собственность', 'Offices to own', 'Меншікке кеңселер', '可购买的办公室'),
    suggestedFilter: { type: 'office', dealType: 'sale' },
    texts: {
      seoTitle: lt('{title} — офисы в продаже', '{title} — offices for sale', '{title} — сатылатын кеңселер', '{title} — 出售办公室'),
      seoDescription: lt(
        '{title}: офисы в собственность в Алматы. Объектов в подборке: {count}.',
        '{title}: offices to own in Almaty. Listings in this selection: {count}.',
        '{title}: Алматыда меншікке кеңселер. Іріктемедегі нысандар: {count}.',
        '{title}：阿拉木图可购买的办公室。精选房源数量：{count}。',
      ),
      intro: lt(
        'Офисы для покупки: готовые помещения в деловых районах. Объектов в подборке: {count}.',
        'Offices to buy: ready premises in business districts. Listings in this selection: {count}.',
        'Сатып алуға арналған кеңселер: іскерлік аудандардағы дайын үй-жайлар. Іріктемедегі нысандар: {count}.',
        '可购买的办公室：商业区的现成物业。精选房源数量：{count}。',
      ),
    },
  },
  {
    id: 'retail-street',
    category: 'retail',
    name: lt('Торговые помещения', 'Retail premises', 'Сауда үй-жайлары', '零售商铺'),
    description: lt(
      'Помещения для магазинов и услуг',
      'Premises for shops and services',
      'Дүкендер мен қызметтерге арналған үй-жайлар',
      '适合商店和服务业的商铺',
    ),
    suggestedFilter: { type: 'retail' },
    texts: {
      seoTitle: lt('{title} — торговые помещения', '{title} — retail premises', '{title} — сауда үй-жайлары', '{title} — 零售商铺'),
      seoDescription: lt(
        '{title}: торговые помещения с высоким трафиком. Объектов в подборке: {count}.',
        '{title}: retail premises with high footfall. Listings in this selection: {count}.',
        '{title}: адам ағыны көп сауда үй-жайлары. Іріктемедегі нысандар: {count}.',
        '{title}：人流量大的零售商铺。精选房源数量：{count}。',
      ),
      intro: lt(
        'Помещения для магазинов, кафе и услуг. Объектов в подборке: {count}.',
        'Premises for shops, cafés and services. Listings in this selection: {count}.',
        'Дүкендерге, кафелерге және қызметтерге арналған үй-жайлар. Іріктемедегі нысандар: {count}.',
        '适合商店、咖啡馆和服务业的商铺。精选房源数量：{count}。',
      ),
    },
  },
  {
    id: 'warehouse-logistics',
    category: 'warehouse',
    name: lt('Склады и логистика', 'Warehouses and logistics', 'Қоймалар және логистика', '仓库与物流'),
    description: lt('Складские помещения', 'Storage premises', 'Қойма үй-жайлары', '仓储物业'),
    suggestedFilter: { type: 'warehouse' },
    texts: {
      seoTitle: lt(
        '{title} — склады в Алматы',
        '{title} — warehouses in Almaty',
        '{title} — Алматыдағы қоймалар',
        '{title} — 阿拉木图仓库',
      ),
      seoDescription: lt(
        '{title}: склады и логистические комплексы. Объектов в подборке: {count}.',
        '{title}: warehouses and logistics complexes. Listings in this selection: {count}.',
        '{title}: қоймалар мен логистикалық кешендер. Іріктемедегі нысандар: {count}.',
        '{title}：仓库和物流园区。精选房源数量：{count}。',
      ),
      intro: lt(
        'Склады для хранения и логистики с удобным подъездом. Объектов в подборке: {count}.',
        'Warehouses for storage and logistics with easy access. Listings in this selection: {count}.',
        'Қолайлы кіреберісі бар сақтау және логистика қоймалары. Іріктемедегі нысандар: {count}.',
        '交通便利的仓储和物流仓库。精选房源数量：{count}。',
      ),
    },
  },
  {
    id: 'coworking-flex',
    category: 'coworking',
    name: lt('Коворкинги', 'Coworking spaces', 'Коворкингтер', '联合办公空间'),
    description: lt('Гибкие рабочие места', 'Flexible workplaces', 'Икемді жұмыс орындары', '灵活工位'),
    suggestedFilter: { type: 'coworking' },
    texts: {
      seoTitle: lt('{title} — коворкинги', '{title} — coworking spaces', '{title} — коворкингтер', '{title} — 联合办公'),
      seoDescription: lt(
        '{title}: рабочие места и кабинеты в коворкингах. Объектов в подборке: {count}.',
        '{title}: desks and rooms in coworking spaces. Listings in this selection: {count}.',
        '{title}: коворкингтердегі жұмыс орындары мен кабинеттер. Іріктемедегі нысандар: {count}.',
        '{title}：联合办公空间的工位和独立办公室。精选房源数量：{count}。',
      ),
      intro: lt(
        'Гибкие рабочие места на день, месяц или год. Объектов в подборке: {count}.',
        'Flexible desks for a day, a month or a year. Listings in this selection: {count}.',
        'Күнге, айға немесе жылға икемді жұмыс орындары. Іріктемедегі нысандар: {count}.',
        '按天、按月或按年租用的灵活工位。精选房源数量：{count}。',
      ),
    },
  },
  {
    id: 'general-selection',
    category: 'general',
    name: lt('Подборка объектов', 'Listing selection', 'Нысандар іріктемесі', '房源精选'),
    description: lt('Любые объекты на выбор', 'Any listings you choose', 'Кез келген таңдалған нысандар', '任意精选房源'),
    suggestedFilter: {},
    texts: {
      seoTitle: lt('{title}', '{title}', '{title}', '{title}'),
      seoDescription: lt(
        '{title}: коммерческая недвижимость в Алматы. Объектов в подборке: {count}.',
        '{title}: commercial real estate in Almaty. Listings in this selection: {count}.',
        '{title}: Алматыдағы коммерциялық жылжымайтын мүлік. Іріктемедегі нысандар: {count}.',
        '{title}：阿拉木图商业地产。精选房源数量：{count}。',
      ),
      intro: lt(
        'Подборка коммерческой недвижимости от нашего агентства. Объектов в подборке: {count}.',
        'A selection of commercial real estate from our agency. Listings in this selection: {count}.',
        'Біздің агенттіктің коммерциялық жылжымайтын мүлік іріктемесі. Іріктемедегі нысандар: {count}.',
        '本中介精选的商业地产。精选房源数量：{count}。',
      ),
    },
  },
];

export function landingTemplate(id: string): LandingTemplate | undefined {
  return LANDING_TEMPLATES.find((t) => t.id === id);
}

/**
 * The SEO title, SEO description and intro a template gives a landing in `language`
 * (deterministic: the same inputs give the same texts; spec 02 §7, issue 23 "works offline").
 */
export function landingTexts(
  template: LandingTemplate,
  language: Language,
  values: { title: string; count: number },
): { seoTitle: string; seoDescription: string; intro: string } {
  const fill = (s: string) => s.replace(/\{title\}/g, values.title).replace(/\{count\}/g, String(values.count));
  return {
    seoTitle: fill(template.texts.seoTitle[language]).slice(0, LANDING_BOUNDS.seoTitleMax),
    seoDescription: fill(template.texts.seoDescription[language]).slice(0, LANDING_BOUNDS.seoDescriptionMax),
    intro: fill(template.texts.intro[language]).slice(0, LANDING_BOUNDS.introMax),
  };
}

/** A catalogue filter (a subset of the public catalogue's, spec 01 §7): ₸ and m². */
export interface LandingFilter {
  dealType?: DealType;
  type?: PropertyTypeSlug;
  /** A category slug (e.g. 'offices'). */
  category?: string;
  district?: DistrictSlug;
  priceMin?: number;
  priceMax?: number;
  areaMin?: number;
  areaMax?: number;
  featured?: boolean;
}

const SLUG = /^[a-z0-9][a-z0-9_-]{0,99}$/;
const num = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1e13;

/** Null when `v` is a valid LandingFilter (unknown keys refused). */
export function landingFilterProblem(v: unknown): MessageKey | null {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return 'landing.filter';
  const f = v as Record<string, unknown>;
  for (const [k, x] of Object.entries(f)) {
    if (x === undefined) continue;
    const ok =
      k === 'dealType'
        ? (DEAL_TYPES as readonly unknown[]).includes(x)
        : k === 'type'
          ? (PROPERTY_TYPES as readonly unknown[]).includes(x)
          : k === 'district'
            ? (DISTRICTS as readonly unknown[]).includes(x)
            : k === 'category'
              ? typeof x === 'string' && SLUG.test(x)
              : k === 'priceMin' || k === 'priceMax' || k === 'areaMin' || k === 'areaMax'
                ? num(x)
                : k === 'featured'
                  ? typeof x === 'boolean'
                  : false;
    if (!ok) return 'landing.filter';
  }
  if (typeof f.priceMin === 'number' && typeof f.priceMax === 'number' && f.priceMin > f.priceMax) return 'landing.filter';
  if (typeof f.areaMin === 'number' && typeof f.areaMax === 'number' && f.areaMin > f.areaMax) return 'landing.filter';
  return null;
}

const msg = (key: MessageKey) => ({ message: key });
const textLen = (v: unknown, min: number, max: number) =>
  typeof v === 'string' && [...v.trim()].length >= min && [...v.trim()].length <= max;
const TrimString = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/**
 * POST /api/landings/generate: templateId (LANDING_TEMPLATES), propertyIds (1..50 uuids) and/or
 * filter (LandingFilter), language, title (5-200), slug (3-100, LANDING_SLUG_PATTERN, unique),
 * activate (default true: active once generated; false: stays a draft).
 */
export class GenerateLandingDto {
  @Check('landingTemplate', (v) => (typeof v === 'string' && landingTemplate(v) ? null : 'landing.template'))
  templateId!: string;

  @IsOptional()
  @Check('landingPropertyIds', (v) =>
    Array.isArray(v) && v.length <= LANDING_BOUNDS.propertyIdsMax && v.every((x) => typeof x === 'string' && UUID.test(x))
      ? null
      : 'landing.propertyIds',
  )
  propertyIds?: string[];

  @IsOptional()
  @Check('landingFilter', landingFilterProblem)
  filter?: LandingFilter | null;

  @LowerEnum()
  @IsIn(LANGUAGES as unknown as string[], msg('field.enum'))
  language!: Language;

  @TrimString()
  @Check('landingTitle', (v) => (textLen(v, LANDING_BOUNDS.title[0], LANDING_BOUNDS.title[1]) ? null : 'landing.title'))
  title!: string;

  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @Check('landingSlug', (v) =>
    typeof v === 'string' && v.length >= LANDING_BOUNDS.slug[0] && v.length <= LANDING_BOUNDS.slug[1] && LANDING_SLUG_PATTERN.test(v)
      ? null
      : 'landing.slug',
  )
  slug!: string;

  @IsOptional()
  @Check('landingActivate', (v) => (typeof v === 'boolean' ? null : 'field.invalid'))
  activate?: boolean;
}

/** PATCH /api/landings/{id}: any of status, title, seoTitle, seoDescription, intro. */
export class UpdateLandingDto {
  @IsOptional()
  @LowerEnum()
  @IsIn(LANDING_STATUSES as unknown as string[], msg('field.enum'))
  status?: LandingStatus;

  @IsOptional()
  @TrimString()
  @Check('landingTitle', (v) => (textLen(v, LANDING_BOUNDS.title[0], LANDING_BOUNDS.title[1]) ? null : 'landing.title'))
  title?: string;

  @IsOptional()
  @TrimString()
  @Check('landingSeoTitle', (v) => (textLen(v, 0, LANDING_BOUNDS.seoTitleMax) ? null : 'landing.seoTitle'))
  seoTitle?: string;

  @IsOptional()
  @TrimString()
  @Check('landingSeoDescription', (v) => (textLen(v, 0, LANDING_BOUNDS.seoDescriptionMax) ? null : 'landing.seoDescription'))
  seoDescription?: string;

  @IsOptional()
  @TrimString()
  @Check('landingIntro', (v) => (textLen(v, 0, LANDING_BOUNDS.introMax) ? null : 'landing.intro'))
  intro?: string;
}

/** POST /api/landings/{id}/share/telegram: recipients (1..20 chat ids or @usernames), message (1-3500). */
export class ShareLandingTelegramDto {
  @Transform(({ value }) =>
    typeof value === 'string'
      ? value
          .split(/[\s,;]+/)
          .map((s) => s.trim())
          .filter(Boolean)
      : Array.isArray(value)
        ? value.map((s) => (typeof s === 'string' ? s.trim() : s))
        : value,
  )
  @Check('landingRecipients', (v) =>
    Array.isArray(v) &&
    v.length >= 1 &&
    v.length <= LANDING_BOUNDS.recipientsMax &&
    v.every((x) => typeof x === 'string' && TELEGRAM_CHAT_PATTERN.test(x))
      ? null
      : 'landing.recipients',
  )
  recipients!: string[];

  @TrimString()
  @Check('landingMessage', (v) => (textLen(v, 1, LANDING_BOUNDS.messageMax) ? null : 'landing.message'))
  message!: string;
}

/** GET /api/landings: status, q (title or slug), sort (created | title | status), dir, page, limit (1..100, 20). */
export class LandingsQuery {
  @IsOptional()
  @QueryRules.filterEnum()
  @QueryRules.IsQueryEnum(LANDING_STATUSES)
  status?: LandingStatus;

  @IsOptional()
  @QueryRules.filterText()
  @QueryRules.IsQueryText(LANDING_BOUNDS.qMax)
  q?: string;

  @IsOptional()
  @LowerEnum()
  @IsIn(['created', 'title', 'status'], msg('field.enum'))
  sort?: 'created' | 'title' | 'status';

  @IsOptional()
  @LowerEnum()
  @IsIn(SORT_DIRECTIONS as unknown as string[], msg('field.enum'))
  dir?: SortDirection;

  @IsOptional()
  @PageNumber(100_000, 'field.page')
  page?: number;

  @IsOptional()
  @PageNumber(LANDINGS_LIMIT_MAX, 'field.limit')
  limit?: number;

  @IsOptional()
  @LowerEnum()
  @IsIn(LANGUAGES as unknown as string[], msg('field.enum'))
  lang?: Language;
}

/** GET /api/landings/templates/list?category= */
export class LandingTemplatesQuery {
  @IsOptional()
  @QueryRules.filterEnum()
  @QueryRules.IsQueryEnum(LANDING_CATEGORIES)
  category?: LandingCategory;

  @IsOptional()
  @LowerEnum()
  @IsIn(LANGUAGES as unknown as string[], msg('field.enum'))
  lang?: Language;
}

/** GET /api/landings/{id}/analytics?period=7d|30d|90d (default 7d, spec 02 §9). */
export class LandingAnalyticsQuery {
  @IsOptional()
  @LowerEnum()
  @IsIn(LANDING_PERIODS as unknown as string[], msg('field.enum'))
  period?: LandingPeriod;

  @IsOptional()
  @LowerEnum()
  @IsIn(LANGUAGES as unknown as string[], msg('field.enum'))
  lang?: Language;
}

/** The public page's enquiry form: the home contact form's fields (spec 01 §5): phone required. */
export class LandingEnquiryDto extends HomeContactFormDto {}

/** A landing as the staff API answers it. */
export interface LandingDto {
  id: string;
  templateId: string;
  title: string;
  slug: string;
  language: Language;
  status: LandingStatus;
  /** The public page's absolute address (PUBLIC_WEB_URL + /l/{slug}). */
  url: string;
  propertyIds: string[];
  filter: LandingFilter | null;
  /** The listings the worker resolved (a snapshot), in page order. */
  listingIds: string[];
  seoTitle: string;
  seoDescription: string;
  intro: string;
  /** True until the GenerateLanding job has written the page. */
  generating: boolean;
  generatedAt: string | null;
  generationError: string | null;
  /** Page views in the last 7 days (list rows). */
  visits7d: number;
  createdBy: { id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/landings/{id}/analytics. conversion = enquiries / unique visitors (0..1, 0 without visitors). */
export interface LandingAnalyticsDto {
  landingId: string;
  period: LandingPeriod;
  from: string;
  to: string;
  visits: number;
  uniqueVisitors: number;
  enquiries: number;
  conversion: number;
  /** Per Almaty day: visits and enquiries. */
  daily: Array<{ day: string; visits: number; enquiries: number }>;
}

/** GET /api/landings/stats/overview: counts by status and the last 7 days' totals. */
export interface LandingsOverviewDto {
  total: number;
  byStatus: Record<LandingStatus, number>;
  visits7d: number;
  enquiries7d: number;
  top: Array<{ id: string; title: string; slug: string; visits7d: number; enquiries7d: number }>;
}

/** A template as the API answers it. */
export type LandingTemplateDto = Omit<LandingTemplate, 'texts'> & { texts: LandingTemplateTexts };

/** One queued Telegram message of a share. */
export interface LandingShareDto {
  id: string;
  chatId: string;
  status: 'queued' | 'sent' | 'failed';
  error: string | null;
  createdAt: string;
}

/** POST /api/landings/{id}/share/telegram -> 202. */
export interface LandingShareResultDto {
  landingId: string;
  queued: LandingShareDto[];
}

/** GET /api/landings/public/{slug}: an active landing with its listings' cards (type of the card left to the caller). */
export interface PublicLandingDto<Card = unknown> {
  id: string;
  title: string;
  slug: string;
  language: Language;
  templateId: string;
  category: LandingCategory;
  seoTitle: string;
  seoDescription: string;
  intro: string;
  updatedAt: string;
  listings: Card[];
}

/** Who may generate, change, delete and share landings (marketing work; docs/decisions/040-landing-pages.md). Every staff role reads. */
export const LANDING_EDITOR_ROLES = ['manager', 'admin', 'super_admin'] as const;
