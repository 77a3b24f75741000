import type {
  CreateCrmLeadDto,
  CrmAgentDto,
  CrmLeadDetailDto,
  CrmLeadDto,
  CrmLeadItemDto,
  LeadCallDto,
  LeadConvertDto,
  LeadConvertResultDto,
  LeadsQuery,
  LeadStatusDto,
} from '@realty/contracts';
import type { CallOptions, QueryInput, Transport } from './transport';

/**
 * The CRM's leads (issue 22 "Leads"; spec 02 §7 "CRM leads"): list, one lead, create, edit,
 * delete, assign, status, call log, convert, merge, and the agents who may own leads. Staff only
 * (ApiError 401 / 403); ApiValidationError (400) with per-field messages for a bad body or a
 * cursor of another sort; ApiError 404 for an unknown or deleted lead, 409
 * LEAD_ALREADY_CONVERTED for a second convert.
 */
export function crmLeadCalls({ getPage, write, getData }: Transport, langQuery: { lang?: string }) {
  const path = (id: string, tail = '') => `/crm/leads/${encodeURIComponent(id)}${tail}`;
  const q = { ...langQuery };
  return {
    /**
     * GET /crm/leads -> {items, meta {total, page, limit, totalPages, nextCursor}}; pass
     * meta.nextCursor as `cursor` for the next page (keyset; null on the last).
     */
    list: (query: Omit<LeadsQuery, 'lang'> = {}, opts?: CallOptions) =>
      getPage<CrmLeadItemDto>('/crm/leads', { ...langQuery, ...query } as QueryInput, opts),
    /** GET /crm/leads/{id} -> the lead with its timeline, duplicates, client and deal. */
    get: (id: string, opts?: CallOptions) => getData<CrmLeadDetailDto>(path(id), q, opts),
    /** GET /crm/leads/agents -> active employees and managers. */
    agents: (opts?: CallOptions) => getData<CrmAgentDto[]>('/crm/leads/agents', q, opts),
    /** POST /crm/leads -> the new lead (owner by round-robin when none given). */
    create: (body: CreateCrmLeadDto, opts?: CallOptions) => write<CrmLeadDetailDto>('POST', '/crm/leads', body, { ...opts, query: q }),
    /** PUT /crm/leads/{id} -> the lead. */
    update: (id: string, body: CrmLeadDto, opts?: CallOptions) => write<CrmLeadDetailDto>('PUT', path(id), body, { ...opts, query: q }),
    /** DELETE /crm/leads/{id} (soft delete). */
    remove: (id: string, opts?: CallOptions) => write<null>('DELETE', path(id), undefined, { ...opts, query: q }),
    /** POST /crm/leads/{id}/assign {agentId} -> the lead. */
    assign: (id: string, agentId: string, opts?: CallOptions) =>
      write<CrmLeadDetailDto>('POST', path(id, '/assign'), { agentId }, { ...opts, query: q }),
    /** PATCH /crm/leads/{id}/status {status, notes} -> the lead. */
    setStatus: (id: string, body: LeadStatusDto, opts?: CallOptions) =>
      write<CrmLeadDetailDto>('PATCH', path(id, '/status'), body, { ...opts, query: q }),
    /** POST /crm/leads/{id}/call {outcome, durationSec, note} -> the lead. */
    logCall: (id: string, body: LeadCallDto, opts?: CallOptions) =>
      write<CrmLeadDetailDto>('POST', path(id, '/call'), body, { ...opts, query: q }),
    /** POST /crm/leads/{id}/convert -> {client, deal}. */
    convert: (id: string, body: LeadConvertDto = {}, opts?: CallOptions) =>
      write<LeadConvertResultDto>('POST', path(id, '/convert'), body, { ...opts, query: q }),
    /** POST /crm/leads/{id}/merge {intoId} -> the target lead. */
    merge: (id: string, intoId: string, opts?: CallOptions) =>
      write<CrmLeadDetailDto>('POST', path(id, '/merge'), { intoId }, { ...opts, query: q }),
  };
}
