import { adminCalls, authCalls, favoriteCalls, leadCalls } from './account-calls';
import { geocodingCalls } from './geocoding-calls';
import { uploadCalls } from './upload-calls';
import { listingCalls } from './listing-calls';
import { staffListingCalls } from './staff-listing-calls';
import { referenceCalls } from './reference-calls';
import { crmLeadCalls } from './crm-lead-calls';
import { crmLeadFileCalls } from './crm-lead-file-calls';
import { crmDealCalls } from './crm-deal-calls';
import { crmScheduleCalls } from './crm-schedule-calls';
import { crmMessagingCalls } from './crm-messaging-calls';
import { presentationCalls } from './presentations-calls';
import { blogDeskCalls } from './blog-desk-calls';
import { aiCalls } from './ai-calls';
import { landingsCalls } from './landings-calls';
import { blogCalls, partnerCalls, propertyCalls } from './public-reads';
import {
  createTransport,
  DEFAULT_API_URL,
  type ApiClientOptions,
  type CallOptions,
  type QueryInput,
  type RequestOptions,
} from './transport';

/**
 * Typed fetch client of the API (DESIGN "libs/api-client"), used by Remix loaders and actions:
 * one typed method per call, grouped by area (`properties`, `partners`, `blog`, `auth`,
 * `favorites`, `leads`, `geocoding`, `listings`, `referenceData`, `uploads`, `admin`). Runs anywhere `fetch` exists (Node 20, browsers).
 *
 * Success answers are the envelope `{status:'success', data, meta?}` (spec 01 §7; 204 = null);
 * errors become ApiValidationError / ApiError / ApiNetworkError (spec 01 §8).
 */

export * from './csrf';
export * from './queries';
export type { ReferenceListParams } from './reference-calls';
export { DEFAULT_API_URL, DEFAULT_TIMEOUT_MS, toQueryString } from './transport';
export type {
  ApiClientOptions,
  ApiResult,
  CallOptions,
  HeadersOption,
  HttpMethod,
  Paged,
  QueryInput,
  QueryValue,
  RequestContext,
  RequestOptions,
} from './transport';
export type { UploadProgress } from './xhr-fetch';
export { VIDEO_UPLOAD_TIMEOUT_MS } from './upload-calls';

/** A client of the API with `options` (base URL default DEFAULT_API_URL, see ApiClientOptions). */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl || DEFAULT_API_URL;
  const transport = createTransport(options, baseUrl);
  const { request, getData, write } = transport;
  const langQuery = options.lang ? { lang: options.lang } : {};
  const admin = adminCalls(transport);

  return {
    baseUrl,
    options: { ...options } as Readonly<ApiClientOptions>,
    /**
     * The raw calls the typed methods are built on: for the client's own tests and for a call
     * that has no method yet. The web calls the typed methods only.
     */
    request,
    get: <T>(path: string, query?: QueryInput, opts?: CallOptions) => getData<T>(path, query, opts),
    post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) => write<T>('POST', path, body, opts),
    put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) => write<T>('PUT', path, body, opts),
    patch: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) => write<T>('PATCH', path, body, opts),
    delete: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => write<T>('DELETE', path, undefined, opts),
    /** A client with the same settings plus `more` (e.g. a token once signed in). */
    with(more: ApiClientOptions) {
      return createApiClient({ ...options, ...more });
    },
    properties: propertyCalls(transport, langQuery),
    partners: partnerCalls(transport, langQuery),
    blog: blogCalls(transport, langQuery),
    auth: authCalls(transport),
    favorites: favoriteCalls(transport, langQuery),
    leads: leadCalls(transport),
    /** Address search (staff): suggest (no request below 3 characters), search, reverse. */
    geocoding: geocodingCalls(transport, langQuery),
    uploads: uploadCalls(transport),
    /** The listing lifecycle (staff): create, update, remove, restore, deleted, mine, moderationQueue, approve, reject. */
    listings: listingCalls(transport, langQuery),
    /** CRM leads (issue 22): list, one, create, update, remove, assign, convert, status, call, merge. */
    crmLeads: crmLeadCalls(transport, langQuery),
    /** CRM lead export (CSV / XLSX) and import (worker: preview, run, progress, errors). */
    crmLeadFiles: crmLeadFileCalls(transport, langQuery),
    /** CRM clients and deals (kanban, move, close). */
    crmDeals: crmDealCalls(transport, langQuery),
    /** CRM tasks, viewings, calendar, activities. */
    crmSchedule: crmScheduleCalls(transport, langQuery),
    /** Message templates, sending e-mail / Telegram to a lead, notifications, the CRM overview. */
    crmMessaging: crmMessagingCalls(transport, langQuery),
    /** Presentations (issue 23): generate, bulk runs with progress and zip, list, download, retry, delete, templates, stats. */
    presentations: presentationCalls(transport, langQuery),
    /** AI content (issue 23): generate, translate, poll, accept/discard drafts, status, queue, hourly stats, sessions. */
    ai: aiCalls(transport, langQuery),
    /** Landing pages (issue 23): generate, list, one, change, delete, templates, analytics, share; the public page and its enquiry. */
    landings: landingsCalls(transport, langQuery),
    /** The staff listing list (keyset), bulk status change and the employee dashboard. */
    staffListings: staffListingCalls(transport, langQuery),
    /** Reference data (admins): categories (+ subcategories), types, building complexes, districts. */
    referenceData: referenceCalls(transport, langQuery),
    /** The blog desk (issue 23): staff list, one, create, update, remove, moderate, setStatus, schedule, autoMonth, batch, preview. */
    blogDesk: blogDeskCalls(transport, langQuery),
    admin,
    /** The local mail sink (admin.mail under its older name). */
    adminMail: admin.mail,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
