import type { ValueTransformer } from 'typeorm';

/** PostgreSQL bigint/numeric arrive as strings; prices (₸) and areas (m²) fit a JS number. */
export const numericTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null || value === undefined ? null : Number(value)),
};
