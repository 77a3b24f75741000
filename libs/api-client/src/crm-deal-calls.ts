import type {
  ClientDetailDto,
  ClientListItemDto,
  ClientsQuery,
  ClientWriteDto,
  DealCardDto,
  DealCloseDto,
  DealCreateDto,
  DealDto,
  DealMoveDto,
  DealsKanbanQuery,
  DealsQuery,
  DealUpdateDto,
  KanbanColumnDto,
} from '@realty/contracts';
import type { CallOptions, Paged, QueryInput, Transport } from './transport';

/**
 * CRM calls (issue 22): clients and deals (spec 02 §7 "CRM clients", "Deals"): the client list
 * and CRUD, the kanban board, the deal list and CRUD, move and close. CRM roles only (ApiError
 * 401 / 403); ApiValidationError (400) with per-field messages; ApiError 409
 * CLIENT_HAS_OPEN_DEALS / DEAL_CLOSED.
 */
export function crmDealCalls({ getPage, write, getData }: Transport, langQuery: { lang?: string }) {
  const paged = <T>(path: string, query: object, opts?: CallOptions): Promise<Paged<T>> =>
    getPage<T>(path, { ...langQuery, ...query } as QueryInput, opts);
  const clientPath = (id: string) => `/crm/clients/${encodeURIComponent(id)}`;
  const dealPath = (id: string) => `/crm/deals/${encodeURIComponent(id)}`;
  return {
    /** GET /crm/clients -> {items, meta {total, page, limit, totalPages}}. */
    clients: (query: Omit<ClientsQuery, 'lang'> = {}, opts?: CallOptions) => paged<ClientListItemDto>('/crm/clients', query, opts),
    /** GET /crm/clients/{id} -> the client with contacts, leads, deals, viewings, timeline. */
    client: (id: string, opts?: CallOptions) => getData<ClientDetailDto>(clientPath(id), langQuery, opts),
    /** POST /crm/clients. */
    createClient: (body: ClientWriteDto, opts?: CallOptions) =>
      write<ClientDetailDto>('POST', '/crm/clients', body, { ...opts, query: langQuery }),
    /** PUT /crm/clients/{id} (contacts replaced). */
    updateClient: (id: string, body: ClientWriteDto, opts?: CallOptions) =>
      write<ClientDetailDto>('PUT', clientPath(id), body, { ...opts, query: langQuery }),
    /** DELETE /crm/clients/{id} (409 CLIENT_HAS_OPEN_DEALS). */
    removeClient: (id: string, opts?: CallOptions) => write<null>('DELETE', clientPath(id), undefined, { ...opts, query: langQuery }),

    /** GET /crm/deals/kanban -> the columns in stage order with count, sum (₸) and the first cards. */
    kanban: (query: Omit<DealsKanbanQuery, 'lang'> = {}, opts?: CallOptions) =>
      getData<KanbanColumnDto[]>('/crm/deals/kanban', { ...langQuery, ...query } as QueryInput, opts),
    /** GET /crm/deals -> {items, meta}. */
    deals: (query: Omit<DealsQuery, 'lang'> = {}, opts?: CallOptions) => paged<DealCardDto>('/crm/deals', query, opts),
    /** GET /crm/deals/{id} -> the deal with stage history and timeline. */
    deal: (id: string, opts?: CallOptions) => getData<DealDto>(dealPath(id), langQuery, opts),
    /** POST /crm/deals. */
    createDeal: (body: DealCreateDto, opts?: CallOptions) => write<DealDto>('POST', '/crm/deals', body, { ...opts, query: langQuery }),
    /** PATCH /crm/deals/{id} (given fields only). */
    updateDeal: (id: string, body: DealUpdateDto, opts?: CallOptions) =>
      write<DealDto>('PATCH', dealPath(id), body, { ...opts, query: langQuery }),
    /** DELETE /crm/deals/{id}. */
    removeDeal: (id: string, opts?: CallOptions) => write<null>('DELETE', dealPath(id), undefined, { ...opts, query: langQuery }),
    /** PATCH /crm/deals/{id}/move {stage, position, scope}. */
    moveDeal: (id: string, body: DealMoveDto, opts?: CallOptions) =>
      write<DealDto>('PATCH', `${dealPath(id)}/move`, body, { ...opts, query: langQuery }),
    /** POST /crm/deals/{id}/close {result, reason}. */
    closeDeal: (id: string, body: DealCloseDto, opts?: CallOptions) =>
      write<DealDto>('POST', `${dealPath(id)}/close`, body, { ...opts, query: langQuery }),
  };
}
