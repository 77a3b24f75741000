import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** A lead_imports row as read by the API. */
export interface LeadImportRowDb {
  id: string;
  status: 'uploaded' | 'previewed' | 'running' | 'completed' | 'failed';
  file_path: string;
  original_name: string;
  format: 'csv' | 'xlsx';
  columns: string[];
  preview_rows: string[][];
  mapping: string[] | null;
  merge_duplicates: boolean;
  dry_run: boolean;
  dry_run_result: Record<string, number> | null;
  total_rows: number | null;
  processed_rows: number;
  created_count: number;
  duplicate_count: number;
  merged_count: number;
  error_count: number;
  failure: string | null;
  actor_id: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

/** One per-row error of an import (row number in the file: the header is row 1). */
export interface LeadImportErrorDb {
  row_number: number;
  field: string;
  message: string;
  original: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** SQL of lead_imports and lead_import_errors (migration 1764340000000) on the API side. */
@Injectable()
export class LeadImportRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Inserts an uploaded file's row (status uploaded); its id. */
  async insert(
    m: EntityManager,
    row: { filePath: string; originalName: string; format: 'csv' | 'xlsx'; size: number; actorId: string },
  ): Promise<string> {
    const rows: Array<{ id: string }> = await m.query(
      `INSERT INTO lead_imports (file_path, original_name, format, size_bytes, actor_id) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [row.filePath, row.originalName, row.format, row.size, row.actorId],
    );
    return rows[0].id;
  }

  /** The row with `id` (null for an unknown or malformed id); `lock` takes it FOR UPDATE in `m`'s transaction. */
  async byId(id: string, m: EntityManager | DataSource = this.db, lock = false): Promise<LeadImportRowDb | null> {
    if (!UUID.test(id)) return null;
    const rows: LeadImportRowDb[] = await m.query(`SELECT * FROM lead_imports WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0] ?? null;
  }

  /** Starts a run: the mapping and options, counts and progress back to zero, status running. */
  async startRun(m: EntityManager, id: string, run: { mapping: string[]; mergeDuplicates: boolean; dryRun: boolean }): Promise<void> {
    await m.query(
      `UPDATE lead_imports SET status = 'running', mapping = $2::jsonb, merge_duplicates = $3, dry_run = $4,
              processed_rows = 0, created_count = 0, duplicate_count = 0, merged_count = 0, error_count = 0,
              failure = NULL, started_at = now(), finished_at = NULL
        WHERE id = $1`,
      [id, JSON.stringify(run.mapping), run.mergeDuplicates, run.dryRun],
    );
  }

  /** The next `size` errors of the import's last run after (row, field), in file order (a keyset read). */
  async errorsAfter(id: string, dryRun: boolean, after: { row: number; field: string } | null, size: number): Promise<LeadImportErrorDb[]> {
    const params: unknown[] = [id, dryRun, size];
    let keyset = '';
    if (after) {
      params.push(after.row, after.field);
      keyset = ` AND (row_number, field) > ($4, $5)`;
    }
    return this.db.query(
      `SELECT row_number, field, message, original FROM lead_import_errors
        WHERE import_id = $1 AND dry_run = $2${keyset} ORDER BY row_number, field LIMIT $3`,
      params,
    );
  }
}
