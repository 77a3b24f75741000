import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';

/**
 * Queue and job names with their payloads (DESIGN "Worker"). Enqueuing is type checked
 * through JobPayloads, and the worker refuses to start unless every JobName has exactly
 * one handler.
 */
export enum QueueName {
  Media = 'media',
  Notifications = 'notifications',
  Presentations = 'presentations',
  Landings = 'landings',
  Ai = 'ai',
  ImportsExports = 'imports-exports',
  Maintenance = 'maintenance',
}

export enum JobName {
  /** Make the resized variants (thumb, gallery, WebP) of one listing image. */
  PropertyImageVariants = 'property-image-variants',
  /** Send one transactional e-mail (password reset, ...) over SMTP in the recipient's language. */
  SendEmail = 'send-email',
  /** Delete what has outlived its use: old refresh tokens, sessions, reset tokens, relayed outbox rows. */
  PurgeExpired = 'purge-expired',
  /** Notify owners and their managers of new leads waiting too long for a first contact (issue 22). */
  LeadWaitingCheck = 'lead-waiting-check',
  /** Send one Telegram message (Bot API sendMessage) to a lead (issue 22 send-telegram). */
  SendTelegram = 'send-telegram',
  /** CRM (issue 22): notify agents of viewings starting soon and assignees of tasks due soon or overdue, once each. */
  ScheduleReminders = 'crm-schedule-reminders',
  /** Read the head of an uploaded lead file: its columns, the first rows, the row count (issue 22 lead import). */
  LeadImportPreview = 'lead-import-preview',
  /** Import (or dry-run) every row of an uploaded lead file with its mapping (issue 22 lead import). */
  LeadImportRun = 'lead-import-run',
  /** Render one presentation (PDF or PPTX) and store its file (issue 23 "Presentations"). */
  GeneratePresentation = 'generate-presentation',
  /** Remove the files of presentations past their expiry (status expired) and re-queue lost ones (issue 23). */
  ExpirePresentations = 'expire-presentations',
  /** Blog desk (issue 23): publish the approved drafts whose scheduled_at has passed, once each (every minute). */
  PublishScheduledPosts = 'blog-publish-scheduled',
  /** Blog desk (issue 23): write one auto-month batch's drafts with the ContentProvider (blog_batches row). */
  BlogAutoMonth = 'blog-auto-month',
  /** Run one AI request (ai_requests row): description, questions, translate, router or session suggestions (issue 23). */
  AiGenerate = 'ai-generate',
  /** Resolve a landing's listings and write its SEO texts from its template (issue 23 landing pages). */
  GenerateLanding = 'generate-landing',
}

/** E-mail templates the notifications handler knows; each has ru, en, kk and zh texts. */
export type EmailTemplate = 'password-reset' | 'lead-notification' | 'listing-rejected' | 'lead-message';

/** Data each template needs. */
export interface EmailTemplateData {
  'password-reset': {
    /** The link to the web's reset page, token included. */
    resetUrl: string;
    /** The greeting's name. */
    firstName: string;
    /** How long the link works, minutes. */
    expiresInMinutes: number;
  };
  /** A new lead for the sales team (SALES_EMAIL); written to the outbox with the lead. */
  'lead-notification': {
    leadId: string;
    source: string;
    topic: string;
    /** First and last name as given ('Клиент' when none). */
    name: string;
    phone: string;
    email: string;
    message: string;
    quality: 'hot' | 'warm' | 'cold';
    /** The listing's title and page, for enquiries. */
    propertyTitle?: string | null;
    propertyUrl?: string | null;
    /** Quiz answers in words, when the lead came from the quiz. */
    quiz?: string | null;
    /** ISO time the lead was stored. */
    createdAt: string;
  };
  /** A listing's moderation was refused (issue 21, spec 02 §4); to the listing's author, in their language. */
  'listing-rejected': {
    propertyId: string;
    /** The greeting's name. */
    firstName: string;
    /** The listing's title in the author's language (ru when none). */
    propertyTitle: string;
    reason: string;
    notes: string | null;
    /** 'new': the listing was never published (now inactive); 'edit': the edit was refused, the published version stays. */
    kind: 'new' | 'edit';
    /** The dashboard's edit page of the listing. */
    editUrl: string;
  };
}

export interface EmailTemplateData {
  /**
   * A message to a lead from a CRM message template (issue 22 send-email), rendered by the API
   * when it was sent (placeholder values HTML-escaped in `html`); the worker only wraps and sends it.
   */
  'lead-message': {
    leadId: string;
    /** The timeline entry (activities, type 'email') that records this message. */
    activityId: string;
    subject: string;
    text: string;
    /** Safe HTML body fragment (escaped text with <br> line breaks). */
    html: string;
  };
}

/** Payload of JobName.SendTelegram: one message to one chat (a chat id or @username), plain text. */
export interface SendTelegramPayload {
  chatId: string;
  text: string;
  /** The lead messaged (CRM send-telegram); absent for other messages (a landing share). */
  leadId?: string;
  /** The timeline entry (activities, type 'telegram') marked sent or failed by the worker. */
  activityId?: string;
  /** A landing share's row (landing_shares, issue 23) marked sent or failed by the worker. */
  landingShareId?: string;
}

/** Payload of JobName.SendEmail: one e-mail to one address, rendered by the worker. */
export type SendEmailPayload = {
  [T in EmailTemplate]: { to: string; template: T; locale: 'ru' | 'en' | 'kk' | 'zh'; data: EmailTemplateData[T] };
}[EmailTemplate];

/** Payload of each job, keyed by name. */
export interface JobPayloads {
  [JobName.PropertyImageVariants]: { imageId: string };
  [JobName.SendEmail]: SendEmailPayload;
  [JobName.PurgeExpired]: Record<string, never>;
  [JobName.LeadWaitingCheck]: Record<string, never>;
  [JobName.SendTelegram]: SendTelegramPayload;
  [JobName.ScheduleReminders]: Record<string, never>;
  [JobName.LeadImportPreview]: { importId: string };
  [JobName.LeadImportRun]: { importId: string };
  [JobName.GeneratePresentation]: { presentationId: string };
  [JobName.ExpirePresentations]: Record<string, never>;
  [JobName.PublishScheduledPosts]: Record<string, never>;
  [JobName.BlogAutoMonth]: { batchId: string };
  [JobName.AiGenerate]: { requestId: string };
  [JobName.GenerateLanding]: { landingId: string };
}

/** Which queue carries each job. */
export const JOB_QUEUE: Record<JobName, QueueName> = {
  [JobName.PropertyImageVariants]: QueueName.Media,
  [JobName.SendEmail]: QueueName.Notifications,
  [JobName.PurgeExpired]: QueueName.Maintenance,
  [JobName.LeadWaitingCheck]: QueueName.Maintenance,
  [JobName.SendTelegram]: QueueName.Notifications,
  // Scans on a timer, as the waiting-lead check: the notifications queue carries only deliveries.
  [JobName.ScheduleReminders]: QueueName.Maintenance,
  [JobName.LeadImportPreview]: QueueName.ImportsExports,
  [JobName.LeadImportRun]: QueueName.ImportsExports,
  [JobName.GeneratePresentation]: QueueName.Presentations,
  [JobName.ExpirePresentations]: QueueName.Maintenance,
  [JobName.PublishScheduledPosts]: QueueName.Maintenance,
  [JobName.BlogAutoMonth]: QueueName.Ai,
  [JobName.AiGenerate]: QueueName.Ai,
  [JobName.GenerateLanding]: QueueName.Landings,
};

/** A job the worker puts on its queue at a fixed interval (a BullMQ job scheduler). */
export interface JobSchedule {
  /** The scheduler's id: starting the worker again updates it instead of adding another. */
  id: string;
  name: JobName;
  /** Interval, ms; the first run is at once. */
  every: number;
}

/** The worker's repeating jobs (registered by each worker on start). */
export const JOB_SCHEDULES: readonly JobSchedule[] = [
  { id: 'purge-expired-hourly', name: JobName.PurgeExpired, every: 3_600_000 },
  { id: 'lead-waiting-check-minutely', name: JobName.LeadWaitingCheck, every: 60_000 },
  { id: 'crm-schedule-reminders-minutely', name: JobName.ScheduleReminders, every: 60_000 },
  // Every 5 minutes: it also re-queues presentations whose job the API could not queue (Redis down then).
  { id: 'expire-presentations-5min', name: JobName.ExpirePresentations, every: 300_000 },
  { id: 'blog-publish-scheduled-minutely', name: JobName.PublishScheduledPosts, every: 60_000 },
];

/** Retries with exponential backoff; completed jobs are trimmed, failed ones kept for a while. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** REDIS_URL, else the local default. */
export function redisUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.REDIS_URL || 'redis://127.0.0.1:6379';
}

/** Key prefix of every BullMQ key (REDIS_PREFIX, default 'realty'); tests use their own. */
export function queuePrefix(env: NodeJS.ProcessEnv = process.env): string {
  return env.REDIS_PREFIX || 'realty';
}

/** BullMQ connection options from a redis:// URL. BullMQ needs maxRetriesPerRequest null. */
export function redisConnection(url: string = redisUrl()): ConnectionOptions {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username || undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname && u.pathname !== '/' ? Number(u.pathname.slice(1)) : 0,
    maxRetriesPerRequest: null,
  };
}

/**
 * Stable job id, so the same entity is never queued twice while a job is pending.
 * BullMQ 6 rejects custom ids containing ':' (its key separator), hence '__'.
 */
export function jobId<N extends JobName>(name: N, payload: JobPayloads[N]): string {
  return `${name}__${Object.values(payload).join('__')}`;
}

/** Small typed facade over BullMQ queues for producers (API, seed). */
export class JobProducer {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(
    private readonly connection: ConnectionOptions = redisConnection(),
    private readonly prefix: string = queuePrefix(),
  ) {}

  queue(name: QueueName): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: this.connection, prefix: this.prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
      this.queues.set(name, q);
    }
    return q;
  }

  /**
   * Adds one job. Its id is derived from the payload (idempotent per entity) unless
   * `options.jobId` is given, e.g. an outbox row id for e-mails that may repeat.
   */
  async add<N extends JobName>(name: N, payload: JobPayloads[N], options: { jobId?: string } = {}): Promise<void> {
    await this.queue(JOB_QUEUE[name]).add(name, payload, { jobId: options.jobId ?? jobId(name, payload) });
  }

  /** Adds many jobs of one name in one round trip. */
  async addBulk<N extends JobName>(name: N, payloads: JobPayloads[N][]): Promise<void> {
    if (!payloads.length) return;
    await this.queue(JOB_QUEUE[name]).addBulk(
      payloads.map((data) => ({ name, data, opts: { ...DEFAULT_JOB_OPTIONS, jobId: jobId(name, data) } })),
    );
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
  }
}

/**
 * Folder (under DATA_DIR) of uploaded lead-import files (issue 22, keys lead-imports/<uuid>.<ext>), shared by the API and the worker
 * (reads): under DATA_DIR but outside `uploads`, which the web serves publicly at /media.
 */
export const LEAD_IMPORT_ROOT = 'private';

/**
 * Presentation files (issue 23): DATA_DIR/private/presentations/<id>.<pdf|pptx>, written by the
 * worker (temp name + rename), streamed by the API's download; not served publicly.
 */
export const PRESENTATION_ROOT = 'private';

/** The storage key (under DATA_DIR/private) of a presentation's file. */
export function presentationFileKey(id: string, format: 'pdf' | 'pptx'): string {
  return `presentations/${id}.${format}`;
}

/** How long a completed presentation's file is kept, days (PRESENTATION_RETENTION_DAYS, default 7). */
export function presentationRetentionDays(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.PRESENTATION_RETENTION_DAYS);
  return Number.isFinite(n) && n > 0 ? n : 7;
}
