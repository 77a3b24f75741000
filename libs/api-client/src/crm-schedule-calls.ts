import type {
  CalendarEventDto,
  CalendarEventWriteDto,
  CalendarItemDto,
  CalendarTypeFilter,
  FeedItemDto,
  FeedQuery,
  NoteWriteDto,
  TaskBulkResultDto,
  TaskDto,
  TaskWriteDto,
  TasksQuery,
  ViewingDto,
  ViewingOptionsDto,
  ViewingOutcomeDto,
  ViewingWriteDto,
  ViewingsQuery,
} from '@realty/contracts';
import { segment } from './public-reads';
import type { CallOptions, Paged, QueryInput, Transport } from './transport';

/**
 * CRM calls (issue 22): tasks, viewings, calendar and the activities feed. Staff only (ApiError
 * 401 / 403). ApiValidationError (400) carries per-field messages in the client's language;
 * ApiError 409 VIEWING_AGENT_BUSY / VIEWING_PROPERTY_BUSY on a double booking (its message the
 * API's, translated).
 */

type Opts = CallOptions;
export function crmScheduleCalls({ getPage, write, getData }: Transport, langQuery: { lang?: string }) {
  const list = <T>(path: string, query: object, opts?: Opts): Promise<Paged<T>> =>
    getPage<T>(path, { ...langQuery, ...query } as QueryInput, opts);
  const w = { query: langQuery };
  return {
    tasks: {
      /** GET /crm/tasks -> {items, meta {total, page, limit, totalPages}}. */
      list: (query: Omit<TasksQuery, 'lang'> = {}, opts?: Opts) => list<TaskDto>('/crm/tasks', query, opts),
      /** GET /crm/tasks/{id}; ApiError 404. */
      get: (id: string, opts?: Opts) => getData<TaskDto>(`/crm/tasks/${segment(id)}`, langQuery, opts),
      /** POST /crm/tasks -> 201 the task. */
      create: (body: TaskWriteDto, opts?: Opts) => write<TaskDto>('POST', '/crm/tasks', body, { ...opts, ...w }),
      /** PUT /crm/tasks/{id}: the whole task. */
      update: (id: string, body: TaskWriteDto, opts?: Opts) => write<TaskDto>('PUT', `/crm/tasks/${segment(id)}`, body, { ...opts, ...w }),
      /** POST /crm/tasks/{id}/complete -> the completed task. */
      complete: (id: string, opts?: Opts) => write<TaskDto>('POST', `/crm/tasks/${segment(id)}/complete`, undefined, { ...opts, ...w }),
      /** POST /crm/tasks/bulk-complete {ids} -> {completed, refused}. */
      bulkComplete: (ids: string[], opts?: Opts) =>
        write<TaskBulkResultDto>('POST', '/crm/tasks/bulk-complete', { ids }, { ...opts, ...w }),
      /** DELETE /crm/tasks/{id} -> 204 (soft delete). */
      remove: (id: string, opts?: Opts) => write<null>('DELETE', `/crm/tasks/${segment(id)}`, undefined, { ...opts, ...w }),
    },
    viewings: {
      /** GET /crm/viewings -> upcoming first. */
      list: (query: Omit<ViewingsQuery, 'lang'> = {}, opts?: Opts) => list<ViewingDto>('/crm/viewings', query, opts),
      /** GET /crm/viewings/options?q -> listings, clients, agents for the form. */
      options: (q?: string, opts?: Opts) => getData<ViewingOptionsDto>('/crm/viewings/options', { ...langQuery, q: q || undefined }, opts),
      get: (id: string, opts?: Opts) => getData<ViewingDto>(`/crm/viewings/${segment(id)}`, langQuery, opts),
      /** POST /crm/viewings -> 201; ApiError 409 VIEWING_AGENT_BUSY | VIEWING_PROPERTY_BUSY. */
      create: (body: ViewingWriteDto, opts?: Opts) => write<ViewingDto>('POST', '/crm/viewings', body, { ...opts, ...w }),
      update: (id: string, body: ViewingWriteDto, opts?: Opts) =>
        write<ViewingDto>('PUT', `/crm/viewings/${segment(id)}`, body, { ...opts, ...w }),
      /** DELETE /crm/viewings/{id} -> 204: cancelled. */
      cancel: (id: string, opts?: Opts) => write<null>('DELETE', `/crm/viewings/${segment(id)}`, undefined, { ...opts, ...w }),
      /** POST /crm/viewings/{id}/outcome {status, outcome}. */
      outcome: (id: string, body: ViewingOutcomeDto, opts?: Opts) =>
        write<ViewingDto>('POST', `/crm/viewings/${segment(id)}/outcome`, body, { ...opts, ...w }),
    },
    calendar: {
      /** GET /calendar?start&end&type&status&agentId -> the merged items, soonest first. */
      range: (query: { start: string; end: string; type?: CalendarTypeFilter; status?: string; agentId?: string }, opts?: Opts) =>
        getData<CalendarItemDto[]>('/calendar', { ...langQuery, ...query } as QueryInput, opts),
      get: (id: string, opts?: Opts) => getData<CalendarEventDto>(`/calendar/${segment(id)}`, langQuery, opts),
      create: (body: CalendarEventWriteDto, opts?: Opts) => write<CalendarEventDto>('POST', '/calendar', body, { ...opts, ...w }),
      update: (id: string, body: CalendarEventWriteDto, opts?: Opts) =>
        write<CalendarEventDto>('PUT', `/calendar/${segment(id)}`, body, { ...opts, ...w }),
      remove: (id: string, opts?: Opts) => write<null>('DELETE', `/calendar/${segment(id)}`, undefined, { ...opts, ...w }),
    },
    activities: {
      /** GET /crm/activities -> newest first; meta.nextCursor for the next page. */
      list: (query: Omit<FeedQuery, 'lang'> = {}, opts?: Opts) => list<FeedItemDto>('/crm/activities', query, opts),
      /** POST /crm/activities: a note on a lead, client or deal. */
      note: (body: NoteWriteDto, opts?: Opts) => write<FeedItemDto>('POST', '/crm/activities', body, { ...opts, ...w }),
    },
  };
}
