import type { LeadExportFormat, LeadImportDto, LeadImportMapping } from '@realty/contracts';
import { segment } from './public-reads';
import type { CallOptions, QueryValue, Transport } from './transport';

/** The lead list's filters as the export takes them (LeadsQuery of libs/contracts; empty values are skipped). */
export type LeadExportFilters = Partial<
  Record<'scope' | 'status' | 'quality' | 'source' | 'agentId' | 'createdFrom' | 'createdTo' | 'q' | 'sort' | 'dir', QueryValue>
>;

/**
 * CRM calls (issue 22): lead export and import (upload, preview, run, progress, errors file).
 * Staff of the CRM only (ApiError 401 / 403). The upload is multipart (FormData) and carries no
 * CSRF token (spec 02 §7 "uploads send no CSRF token"); the run is an ordinary JSON write.
 */
export function crmLeadFileCalls({ getData, write, open }: Transport, langQuery: { lang?: string }) {
  const importPath = (id: string) => `/crm/leads/import/${segment(id)}`;
  return {
    /**
     * GET /crm/leads/export?format=csv|xlsx&<filters> -> the raw Response of the file (body not
     * read: stream `response.body`; Content-Type and Content-Disposition
     * `attachment; filename="leads-YYYY-MM-DD.<ext>"` in its headers). ApiValidationError for a
     * bad filter; ApiError 403 for an employee asking for scope=all or another agent's leads.
     */
    export(format: LeadExportFormat, filters: LeadExportFilters = {}, opts?: CallOptions): Promise<Response> {
      // Built here: the transport skips 'all' values, and scope=all is a value of its own, not "no filter".
      const params = new URLSearchParams({ format });
      for (const [key, value] of Object.entries(filters))
        if (value !== undefined && value !== null && String(value).trim() !== '') params.set(key, String(value).trim());
      return open(`/crm/leads/export?${params.toString()}`, undefined, opts);
    },
    /**
     * POST /crm/leads/import, a form with one file (CSV or XLSX, ≤ 20 MB) -> the new import
     * (status uploaded; the worker previews it). ApiError 413 FILE_TOO_LARGE, 415
     * UNSUPPORTED_FILE_TYPE; ApiValidationError fields.file without a file.
     */
    upload: (form: FormData, opts?: CallOptions) =>
      write<LeadImportDto>('POST', '/crm/leads/import', form, { timeoutMs: 120_000, ...opts }),
    /** GET /crm/leads/import/{id} -> status, progress, counts, preview (errors in the client's language); ApiError 404 / 403. */
    get: (id: string, opts?: CallOptions) => getData<LeadImportDto>(importPath(id), { ...langQuery }, opts),
    /**
     * POST /crm/leads/import/{id}/run {mapping, mergeDuplicates, dryRun} -> the import, running.
     * ApiValidationError fields.mapping; ApiError 409 when it is not previewed.
     */
    run: (id: string, body: { mapping: LeadImportMapping; mergeDuplicates: boolean; dryRun?: boolean }, opts?: CallOptions) =>
      write<LeadImportDto>('POST', `${importPath(id)}/run`, body, { ...opts, query: { ...langQuery } }),
    /** GET /crm/leads/import/{id}/errors -> the raw Response of the errors CSV (stream `response.body`). */
    errors: (id: string, opts?: CallOptions) => open(`${importPath(id)}/errors`, { ...langQuery }, opts),
  };
}
