import type {
  BulkGeneratePresentationsDto,
  BulkGeneratedDto,
  GeneratePresentationDto,
  GeneratedPresentationDto,
  PresentationBatchDto,
  PresentationDto,
  PresentationStatsDto,
  PresentationTemplateDto,
  PresentationsQuery,
} from '@realty/contracts';
import { segment } from './public-reads';
import type { CallOptions, Paged, QueryInput, Transport } from './transport';

/**
 * Presentations (issue 23; spec 02 §7 Presentations). Staff only (ApiError 401 / 403; an
 * employee only their own). ApiValidationError (400) carries per-field messages in the client's
 * language; ApiError 409 CONFLICT when a file is not ready, expired, or a retry of a presentation
 * that did not fail.
 */
export function presentationCalls({ getData, getPage, write, open }: Transport, langQuery: { lang?: string }) {
  const w = { query: langQuery };
  const one = (id: string) => `/presentations/${segment(id)}`;
  return {
    /** GET /presentations?scope&status&batchId&page&limit -> {items, meta}. */
    list: (query: Omit<PresentationsQuery, 'lang'> = {}, opts?: CallOptions): Promise<Paged<PresentationDto>> =>
      getPage<PresentationDto>('/presentations', { ...langQuery, ...query } as QueryInput, opts),
    /** GET /presentations/{id}; ApiError 404 / 403. */
    get: (id: string, opts?: CallOptions) => getData<PresentationDto>(one(id), langQuery, opts),
    /** POST /presentations/generate -> 201 {id, status: 'generating'} (the worker makes the file). */
    generate: (body: GeneratePresentationDto, opts?: CallOptions) =>
      write<GeneratedPresentationDto>('POST', '/presentations/generate', body, { ...opts, ...w }),
    /** POST /presentations/bulk-generate -> 201 {batchId, count}; ApiValidationError over the cap. */
    bulkGenerate: (body: BulkGeneratePresentationsDto, opts?: CallOptions) =>
      write<BulkGeneratedDto>('POST', '/presentations/bulk-generate', body, { ...opts, ...w }),
    /** POST /presentations/{id}/retry -> the presentation, generating again; ApiError 409 unless failed. */
    retry: (id: string, opts?: CallOptions) => write<PresentationDto>('POST', `${one(id)}/retry`, undefined, { ...opts, ...w }),
    /** DELETE /presentations/{id} -> 204 (row and file). */
    remove: (id: string, opts?: CallOptions) => write<null>('DELETE', one(id), undefined, { ...opts, ...w }),
    /** GET /presentations/{id}/download -> the raw Response of the file (stream `response.body`); counts a download. */
    download: (id: string, opts?: CallOptions) => open(`${one(id)}/download`, { ...langQuery }, opts),
    /** GET /presentations/batches/{id} -> the bulk run's progress (done, failed, total, percent). */
    batch: (id: string, opts?: CallOptions) => getData<PresentationBatchDto>(`/presentations/batches/${segment(id)}`, langQuery, opts),
    /** GET /presentations/batches/{id}/zip -> the raw Response of the zip (streamed). */
    batchZip: (id: string, opts?: CallOptions) => open(`/presentations/batches/${segment(id)}/zip`, { ...langQuery }, opts),
    /** GET /presentations/templates/list. */
    templates: (opts?: CallOptions) => getData<PresentationTemplateDto[]>('/presentations/templates/list', langQuery, opts),
    /** GET /presentations/templates/{id}; ApiError 404. */
    template: (id: string, opts?: CallOptions) =>
      getData<PresentationTemplateDto>(`/presentations/templates/${segment(id)}`, langQuery, opts),
    /** GET /presentations/stats/overview. */
    stats: (opts?: CallOptions) => getData<PresentationStatsDto>('/presentations/stats/overview', langQuery, opts),
  };
}
