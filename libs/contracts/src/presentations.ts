import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { Check, LowerEnum } from './auth.dto';
import { CRM_SCOPES, type CrmScope } from './crm.enums';
import { DEAL_TYPES, LANGUAGES, PROPERTY_STATUSES, type DealType, type Language, type PropertyStatus } from './enums';
import type { MessageKey } from './messages';
import { PageNumber } from './users.dto';

/**
 * Presentations (issue 23 "Presentations"; spec 02 §2 /dashboard/presentations, §3 statuses,
 * §7 Presentations): the templates, the bodies of generate / bulk-generate shared by the screen
 * (validateInput) and the API, the list's query and the answers.
 */

export const PRESENTATION_FORMATS = ['pdf', 'pptx'] as const;
export type PresentationFormat = (typeof PRESENTATION_FORMATS)[number];
export const PRESENTATION_STATUSES = ['generating', 'completed', 'failed', 'expired'] as const;
export type PresentationStatus = (typeof PRESENTATION_STATUSES)[number];
export const PRESENTATION_TEMPLATE_IDS = ['one-page', 'classic', 'gallery'] as const;
export type PresentationTemplateId = (typeof PRESENTATION_TEMPLATE_IDS)[number];

/** Listings in one presentation (generate). */
export const PRESENTATION_PROPERTIES_MAX = 20;
/** Presentations one bulk run may make (listings x languages x formats); more is a 400. */
export const PRESENTATION_BULK_MAX = 1000;
export const PRESENTATIONS_PAGE_SIZE = 20;
export const PRESENTATIONS_LIMIT_MAX = 100;

type Texts = Record<Language, string>;

/** A layout (GET /api/presentations/templates/list and /{id}). */
export interface PresentationTemplateDto {
  id: PresentationTemplateId;
  name: Texts;
  description: Texts;
  /** Pages (PDF) / slides (PPTX) per listing, roughly. */
  pagesPerProperty: number;
  formats: readonly PresentationFormat[];
}

/** The fixed list of templates (issue 23; the renderers in worker/src/presentations/render draw them). */
export const PRESENTATION_TEMPLATES: readonly PresentationTemplateDto[] = [
  {
    id: 'one-page',
    name: { ru: 'Одна страница', en: 'One page', kk: 'Бір бет', zh: '单页' },
    description: {
      ru: 'Фото, цена и главные характеристики на одной странице',
      en: 'Photo, price and key facts on a single page',
      kk: 'Фото, баға және негізгі сипаттамалар бір бетте',
      zh: '一页展示照片、价格和主要信息',
    },
    pagesPerProperty: 1,
    formats: PRESENTATION_FORMATS,
  },
  {
    id: 'classic',
    name: { ru: 'Классическая', en: 'Classic', kk: 'Классикалық', zh: '经典' },
    description: {
      ru: 'Обложка, фото, характеристики, цена за м², расположение, контакты агента и QR-код',
      en: 'Cover, photos, key facts, price per m², location, agent contacts and a QR code',
      kk: 'Мұқаба, фото, сипаттамалар, м² бағасы, орналасуы, агент байланыстары және QR-код',
      zh: '封面、照片、主要信息、每平方米价格、位置、经纪人联系方式和二维码',
    },
    pagesPerProperty: 4,
    formats: PRESENTATION_FORMATS,
  },
  {
    id: 'gallery',
    name: { ru: 'Галерея', en: 'Gallery', kk: 'Галерея', zh: '图集' },
    description: {
      ru: 'Крупные фотографии объекта с краткими подписями',
      en: 'Large photos of the listing with short captions',
      kk: 'Нысанның үлкен фотолары қысқа жазулармен',
      zh: '房源大图配简短说明',
    },
    pagesPerProperty: 3,
    formats: PRESENTATION_FORMATS,
  },
];

export const presentationTemplate = (id: string): PresentationTemplateDto | undefined => PRESENTATION_TEMPLATES.find((t) => t.id === id);

const msg = (key: MessageKey) => ({ message: key });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A list from JSON (array) or a form ('a,b' or several fields): trimmed, blanks dropped. */
const ToList = () =>
  Transform(({ value }) => {
    if (value === undefined || value === null || value === '') return undefined;
    const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,;]+/) : value;
    return Array.isArray(items) ? items.map((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v)).filter((v) => v !== '') : items;
  });

/** Boolean from JSON or a form ('true' / 'on' / 'false'). */
const ToBool = () =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const v = value.trim().toLowerCase();
    return v === 'true' || v === 'on' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : value;
  });

const uuidList = (max: number) => (v: unknown) =>
  Array.isArray(v) && v.length >= 1 && v.length <= max && v.every((x) => typeof x === 'string' && UUID.test(x))
    ? null
    : 'presentations.propertyIds';

const enumList = (allowed: readonly string[]) => (v: unknown) =>
  Array.isArray(v) && v.length >= 1 && v.length <= allowed.length && v.every((x) => typeof x === 'string' && allowed.includes(x))
    ? null
    : 'field.enum';

/** What a presentation shows besides the listings (issue 23 "agent contacts, whether the price is shown"). */
export interface PresentationOptions {
  /** Show the price and the price per m² (default true). */
  showPrice: boolean;
  /** The agent's contacts on the last page / slide (default true). */
  includeAgentContacts: boolean;
}

/** The options part of a body (flat in forms: showPrice, includeAgentContacts). */
export class PresentationOptionsInput {
  @IsOptional()
  @ToBool()
  @Check('showPrice', (v) => (typeof v === 'boolean' ? null : 'field.invalid'))
  showPrice?: boolean;

  @IsOptional()
  @ToBool()
  @Check('includeAgentContacts', (v) => (typeof v === 'boolean' ? null : 'field.invalid'))
  includeAgentContacts?: boolean;
}

const optionsProblem = (v: unknown): MessageKey | null => {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'object' || Array.isArray(v)) return 'field.invalid';
  for (const [k, x] of Object.entries(v)) {
    if (!['showPrice', 'includeAgentContacts'].includes(k) || typeof x !== 'boolean') return 'field.invalid';
  }
  return null;
};

/** POST /api/presentations/generate: one presentation of 1..20 listings. */
export class GeneratePresentationDto {
  /** Listing ids (1..20), in the order shown. */
  @ToList()
  @Check('propertyIds', uuidList(PRESENTATION_PROPERTIES_MAX))
  propertyIds!: string[];

  @LowerEnum()
  @IsIn(PRESENTATION_TEMPLATE_IDS as unknown as string[], msg('presentations.template'))
  templateId!: PresentationTemplateId;

  @LowerEnum()
  @IsIn(PRESENTATION_FORMATS as unknown as string[], msg('field.enum'))
  format!: PresentationFormat;

  @LowerEnum()
  @IsIn(LANGUAGES as unknown as string[], msg('field.enum'))
  language!: Language;

  /** {showPrice?, includeAgentContacts?} (both default true). */
  @IsOptional()
  @Check('options', optionsProblem)
  options?: Partial<PresentationOptions>;
}

/** A catalogue filter of a bulk run (listings not deleted; '' = any). */
export class PresentationFilterInput {
  /** Category slug (offices, retail, warehouses...). */
  category?: string;
  dealType?: DealType;
  /** Default: active. */
  status?: PropertyStatus;
}

const filterProblem = (v: unknown): MessageKey | null => {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'object' || Array.isArray(v)) return 'field.invalid';
  const f = v as Record<string, unknown>;
  for (const k of Object.keys(f)) if (!['category', 'dealType', 'status'].includes(k)) return 'field.invalid';
  if (f.category !== undefined && f.category !== '' && (typeof f.category !== 'string' || !/^[a-z0-9-]{1,64}$/.test(f.category)))
    return 'field.invalid';
  if (f.dealType !== undefined && f.dealType !== '' && !(DEAL_TYPES as readonly unknown[]).includes(f.dealType)) return 'field.enum';
  if (f.status !== undefined && f.status !== '' && !(PROPERTY_STATUSES as readonly unknown[]).includes(f.status)) return 'field.enum';
  return null;
};

/**
 * POST /api/presentations/bulk-generate: one presentation per listing x language x format, of
 * the selected listings (`propertyIds`) or of every listing matching `filter`; one of the two.
 */
export class BulkGeneratePresentationsDto {
  @IsOptional()
  @ToList()
  @Check('propertyIds', uuidList(PRESENTATION_BULK_MAX))
  propertyIds?: string[];

  @IsOptional()
  @Check('filter', filterProblem)
  filter?: PresentationFilterInput;

  @LowerEnum()
  @IsIn(PRESENTATION_TEMPLATE_IDS as unknown as string[], msg('presentations.template'))
  templateId!: PresentationTemplateId;

  @ToList()
  @Check('languages', enumList(LANGUAGES))
  languages!: Language[];

  @ToList()
  @Check('formats', enumList(PRESENTATION_FORMATS))
  formats!: PresentationFormat[];

  @IsOptional()
  @Check('options', optionsProblem)
  options?: Partial<PresentationOptions>;
}

/** GET /api/presentations: scope (my, default | all), status, batchId, page, limit (1..100, 20), lang. */
export class PresentationsQuery {
  @IsOptional()
  @LowerEnum()
  @IsIn(CRM_SCOPES as unknown as string[], msg('field.enum'))
  scope?: CrmScope;

  @IsOptional()
  @LowerEnum()
  @IsIn(PRESENTATION_STATUSES as unknown as string[], msg('field.enum'))
  status?: PresentationStatus;

  @IsOptional()
  @Transform(({ value }) => (value === '' ? undefined : value))
  @Check('batchId', (v) => (typeof v === 'string' && UUID.test(v) ? null : 'field.invalid'))
  batchId?: string;

  @IsOptional()
  @PageNumber(10_000, 'field.page')
  page?: number;

  @IsOptional()
  @PageNumber(PRESENTATIONS_LIMIT_MAX, 'field.limit')
  limit?: number;

  @IsOptional()
  @LowerEnum()
  @IsIn(LANGUAGES as unknown as string[], msg('field.enum'))
  lang?: Language;
}

/** One presentation as the API answers it. */
export interface PresentationDto {
  id: string;
  title: string;
  propertyIds: string[];
  templateId: PresentationTemplateId;
  format: PresentationFormat;
  language: Language;
  options: PresentationOptions;
  status: PresentationStatus;
  /** Why it failed (status failed). */
  error: string | null;
  /** Bytes of the file (completed). */
  size: number | null;
  downloadCount: number;
  /** Worker runs (a killed worker's run counts too). */
  attempts: number;
  batchId: string | null;
  createdBy: { id: string; name: string } | null;
  createdAt: string;
  completedAt: string | null;
  /** When the file is removed (completed) or was (expired). */
  expiresAt: string | null;
  /** The caller may delete / retry it (its author, or a manager / admin). */
  editable: boolean;
}

/** POST /api/presentations/generate answer (201). */
export interface GeneratedPresentationDto {
  id: string;
  status: 'generating';
}

/** A bulk run and its progress, counted from the presentations. */
export interface PresentationBatchDto {
  id: string;
  templateId: PresentationTemplateId;
  languages: Language[];
  formats: PresentationFormat[];
  /** Its presentations (those deleted since are not counted). */
  total: number;
  completed: number;
  failed: number;
  generating: number;
  /** completed + failed + expired (finished either way). */
  done: number;
  /** 0..100, done / total. */
  percent: number;
  createdBy: { id: string; name: string } | null;
  createdAt: string;
}

/** POST /api/presentations/bulk-generate answer (201). */
export interface BulkGeneratedDto {
  batchId: string;
  count: number;
}

/** GET /api/presentations/stats/overview (the caller's own for an employee; everyone's otherwise). */
export interface PresentationStatsDto {
  total: number;
  byStatus: Record<PresentationStatus, number>;
  byFormat: Record<PresentationFormat, number>;
  downloads: number;
  /** Made in the last 7 days. */
  lastWeek: number;
}
