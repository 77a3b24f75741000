import type { ErrorCode } from './messages';

/** Success envelope (spec 01 §7). `meta` carries paging beside the list. */
export interface SuccessEnvelope<T> {
  status: 'success';
  data: T;
  meta?: PageMeta;
}

/** Error envelope (spec 01 §8): `fields` maps a field name to its message (400 only). */
export interface ErrorEnvelope {
  status: 'error';
  error: { code: ErrorCode | string; message: string; fields?: Record<string, string> };
}

/** Paging of a list answer. */
export interface PageMeta {
  total: number;
  page: number;
  limit: number;
  totalPages: number;
  /**
   * Keyset paging (GET /api/properties): pass it as `after` to get the page that follows this
   * one without OFFSET; null on the last page. Absent on lists that have no keyset paging.
   */
  nextCursor?: string | null;
  /** True when `total` is an estimate (GET /api/properties/manage above 1000 matches). */
  totalEstimated?: boolean;
}
