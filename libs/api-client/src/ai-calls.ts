import type { AiHourlyDto, AiRequestDto, AiRequestStatus, AiSessionDto, AiStatusDto, AiTranslateEntity, Language } from '@realty/contracts';
import { segment } from './public-reads';
import type { CallOptions, Paged, QueryInput, Transport } from './transport';

/**
 * AI calls (issue 23 "AI content"; spec 02 §7 AI, AI property sessions). Staff only (ApiError
 * 401 / 403; status and hourly stats: manager, admin, super_admin). Every generation answers at
 * once with the queued request; poll `request(id)` until status completed | failed, then
 * `accept(id)` writes the draft into the listing or post (or `discard(id)`). ApiValidationError
 * (400) carries per-field messages in the client's language; ApiError 404 unknown listing, post,
 * request or session; 409 a draft not ready or already decided, a completed session.
 */
export function aiCalls({ getData, getPage, write }: Transport, langQuery: { lang?: string }) {
  const w = { query: langQuery };
  const req = (id: string) => `/ai/requests/${segment(id)}`;
  const session = (id: string) => `/ai-property-sessions/${segment(id)}`;
  return {
    /** POST /ai/generate-description {propertyId, language} -> the queued request; output {language, text}. */
    generateDescription: (body: { propertyId: string; language: Language }, opts?: CallOptions) =>
      write<AiRequestDto>('POST', '/ai/generate-description', body, { ...w, ...opts }),
    /** POST /ai/generate-questions {propertyId, language} -> the queued request; output {language, questions}. */
    generateQuestions: (body: { propertyId: string; language: Language }, opts?: CallOptions) =>
      write<AiRequestDto>('POST', '/ai/generate-questions', body, { ...w, ...opts }),
    /** POST /ai/translate {entity, id, from 'ru', to, fields} -> the queued request; output {translations {lang: {field: text}}}. */
    translate: (
      body: { entity: AiTranslateEntity; id: string; from: 'ru'; to: Array<'en' | 'kk' | 'zh'>; fields: string[] },
      opts?: CallOptions,
    ) => write<AiRequestDto>('POST', '/ai/translate', body, { ...w, ...opts }),
    /** POST /ai/generate-via-router {prompt, task, language} -> the queued request; output {language, text}. */
    generateViaRouter: (body: { prompt: string; task: string; language: Language }, opts?: CallOptions) =>
      write<AiRequestDto>('POST', '/ai/generate-via-router', body, { ...w, ...opts }),
    /** GET /ai/requests/{id} -> the request (status, output when completed, error when failed). */
    request: (id: string, opts?: CallOptions) => getData<AiRequestDto>(req(id), { ...langQuery }, opts),
    /** POST /ai/requests/{id}/accept -> the request (acceptedAt); the draft is written into the listing or post. */
    accept: (id: string, opts?: CallOptions) => write<AiRequestDto>('POST', `${req(id)}/accept`, undefined, { ...w, ...opts }),
    /** POST /ai/requests/{id}/discard -> the request (discardedAt); nothing written. */
    discard: (id: string, opts?: CallOptions) => write<AiRequestDto>('POST', `${req(id)}/discard`, undefined, { ...w, ...opts }),
    /** GET /ai/queue?status&page&limit -> {items, meta}, newest first (employees: their own). */
    queue: (query: { status?: AiRequestStatus; page?: number; limit?: number } = {}, opts?: CallOptions): Promise<Paged<AiRequestDto>> =>
      getPage<AiRequestDto>('/ai/queue', { ...langQuery, ...query } as QueryInput, opts),
    /** GET /ai/status -> provider, model, configured, counts, queue, lastError. */
    status: (opts?: CallOptions) => getData<AiStatusDto>('/ai/status', { ...langQuery }, opts),
    /** GET /ai/stats/hourly?from&to (ISO instants) -> one row per UTC hour. */
    hourly: (query: { from?: string; to?: string } = {}, opts?: CallOptions) =>
      getData<AiHourlyDto[]>('/ai/stats/hourly', { ...langQuery, ...query } as QueryInput, opts),
    sessions: {
      /** POST /ai-property-sessions {propertyId?, fields?} -> the new session. */
      create: (body: { propertyId?: string; fields?: Record<string, unknown> }, opts?: CallOptions) =>
        write<AiSessionDto>('POST', '/ai-property-sessions', body, { ...w, ...opts }),
      /** GET /ai-property-sessions?page&limit -> {items, meta}. */
      list: (query: { page?: number; limit?: number } = {}, opts?: CallOptions): Promise<Paged<AiSessionDto>> =>
        getPage<AiSessionDto>('/ai-property-sessions', { ...langQuery, ...query } as QueryInput, opts),
      /** GET /ai-property-sessions/{id}. */
      get: (id: string, opts?: CallOptions) => getData<AiSessionDto>(session(id), { ...langQuery }, opts),
      /** PATCH /ai-property-sessions/{id} {fields} (merged over the draft). */
      update: (id: string, fields: Record<string, unknown>, opts?: CallOptions) =>
        write<AiSessionDto>('PATCH', session(id), { fields }, { ...w, ...opts }),
      /** POST /ai-property-sessions/{id}/generate-suggestions {language?} -> the queued request. */
      generateSuggestions: (id: string, language?: Language, opts?: CallOptions) =>
        write<AiRequestDto>('POST', `${session(id)}/generate-suggestions`, language ? { language } : {}, { ...w, ...opts }),
      /** POST /ai-property-sessions/{id}/complete {publishToSite} -> the completed session (propertyId). */
      complete: (id: string, publishToSite: boolean, opts?: CallOptions) =>
        write<AiSessionDto>('POST', `${session(id)}/complete`, { publishToSite }, { ...w, ...opts }),
    },
  };
}
