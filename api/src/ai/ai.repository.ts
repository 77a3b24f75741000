import { Injectable } from '@nestjs/common';
import type { AiHourlyDto, AiRequestDto, AiRequestKind, AiRequestStatus, AiSessionDto, AiSessionStatus } from '@realty/contracts';
import type { EntityManager } from 'typeorm';

/** An ai_requests row (migration 1764420000000). */
export interface AiRequestRow {
  id: string;
  kind: AiRequestKind;
  input: Record<string, unknown>;
  output: Record<string, unknown> | null;
  status: AiRequestStatus;
  error: string | null;
  error_kind: string | null;
  provider: string | null;
  model: string | null;
  tokens: number;
  duration_ms: number | null;
  created_by: string | null;
  created_at: Date;
  finished_at: Date | null;
  accepted_at: Date | null;
  discarded_at: Date | null;
}

export interface AiSessionRow {
  id: string;
  property_id: string | null;
  fields: Record<string, unknown>;
  suggestions: Record<string, unknown> | null;
  status: AiSessionStatus;
  publish_to_site: boolean;
  last_request_id: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

export function toRequestDto(r: AiRequestRow): AiRequestDto {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    input: r.input,
    output: r.output,
    error: r.error,
    errorKind: r.error_kind,
    provider: r.provider,
    model: r.model,
    tokens: Number(r.tokens),
    durationMs: r.duration_ms === null ? null : Number(r.duration_ms),
    createdBy: r.created_by,
    createdAt: iso(r.created_at)!,
    finishedAt: iso(r.finished_at),
    acceptedAt: iso(r.accepted_at),
    discardedAt: iso(r.discarded_at),
  };
}

export function toSessionDto(r: AiSessionRow): AiSessionDto {
  return {
    id: r.id,
    propertyId: r.property_id,
    fields: r.fields,
    suggestions: r.suggestions,
    status: r.status,
    publishToSite: r.publish_to_site,
    lastRequestId: r.last_request_id,
    createdBy: r.created_by,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    completedAt: iso(r.completed_at),
  };
}

const REQUEST_COLUMNS = `id, kind, input, output, status, error, error_kind, provider, model, tokens, duration_ms, created_by,
  created_at, finished_at, accepted_at, discarded_at`;

/** SQL of ai_requests and ai_property_sessions (issue 23; spec 02 §7). */
@Injectable()
export class AiRepository {
  async insertRequest(
    m: EntityManager,
    kind: AiRequestKind,
    input: Record<string, unknown>,
    userId: string,
    now: Date,
  ): Promise<AiRequestRow> {
    const rows: AiRequestRow[] = await m.query(
      `INSERT INTO ai_requests (kind, input, created_by, created_at) VALUES ($1, $2::jsonb, $3, $4) RETURNING ${REQUEST_COLUMNS}`,
      [kind, JSON.stringify(input), userId, now],
    );
    return rows[0];
  }

  async request(m: EntityManager, id: string, lock = false): Promise<AiRequestRow | undefined> {
    const rows: AiRequestRow[] = await m.query(`SELECT ${REQUEST_COLUMNS} FROM ai_requests WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [
      id,
    ]);
    return rows[0];
  }

  async decide(m: EntityManager, id: string, how: 'accepted' | 'discarded', userId: string, now: Date): Promise<AiRequestRow> {
    const set = how === 'accepted' ? 'accepted_at = $2, accepted_by = $3' : 'discarded_at = $2, accepted_by = $3';
    const [rows]: [AiRequestRow[], number] = await m.query(`UPDATE ai_requests SET ${set} WHERE id = $1 RETURNING ${REQUEST_COLUMNS}`, [
      id,
      now,
      userId,
    ]);
    return rows[0];
  }

  /** Newest first; `userId` limits to one author (null: everyone's). */
  async list(
    m: EntityManager,
    o: { status?: AiRequestStatus; userId: string | null; page: number; limit: number },
  ): Promise<{ rows: AiRequestRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (o.status) where.push(`status = $${params.push(o.status)}`);
    if (o.userId) where.push(`created_by = $${params.push(o.userId)}`);
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = await m.query(`SELECT count(*)::int AS total FROM ai_requests ${w}`, params);
    const rows: AiRequestRow[] = await m.query(
      `SELECT ${REQUEST_COLUMNS} FROM ai_requests ${w} ORDER BY created_at DESC, id DESC
        LIMIT $${params.push(o.limit)} OFFSET $${params.push((o.page - 1) * o.limit)}`,
      params,
    );
    return { rows, total };
  }

  async counts(m: EntityManager): Promise<Record<AiRequestStatus, number>> {
    const rows: Array<{ status: AiRequestStatus; n: number }> = await m.query(
      `SELECT status, count(*)::int AS n FROM ai_requests GROUP BY status`,
    );
    const out: Record<AiRequestStatus, number> = { queued: 0, running: 0, completed: 0, failed: 0 };
    for (const r of rows) out[r.status] = r.n;
    return out;
  }

  async lastError(m: EntityManager): Promise<{ at: string; message: string; kind: string | null } | null> {
    const rows: Array<{ at: Date; error: string; error_kind: string | null }> = await m.query(
      `SELECT coalesce(finished_at, started_at, created_at) AS at, error, error_kind FROM ai_requests
        WHERE error IS NOT NULL ORDER BY coalesce(finished_at, started_at, created_at) DESC LIMIT 1`,
    );
    return rows[0] ? { at: new Date(rows[0].at).toISOString(), message: rows[0].error, kind: rows[0].error_kind } : null;
  }

  /** Every hour in [from, to) (UTC hours), zero-filled: requests made, failures, tokens, mean duration (ms). */
  async hourly(m: EntityManager, from: Date, to: Date): Promise<AiHourlyDto[]> {
    const rows: Array<{ hour: Date; requests: number; failures: number; tokens: number; mean: number | null }> = await m.query(
      `SELECT h.hour, count(r.id)::int AS requests,
              count(r.id) FILTER (WHERE r.status = 'failed')::int AS failures,
              coalesce(sum(r.tokens), 0)::int AS tokens,
              round(avg(r.duration_ms) FILTER (WHERE r.status IN ('completed', 'failed')))::int AS mean
         FROM generate_series(date_trunc('hour', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
                              $2::timestamptz - interval '1 microsecond', interval '1 hour') AS h(hour)
         LEFT JOIN ai_requests r ON r.created_at >= h.hour AND r.created_at < h.hour + interval '1 hour'
                                AND r.created_at >= $1 AND r.created_at < $2
        GROUP BY h.hour ORDER BY h.hour`,
      [from, to],
    );
    return rows.map((r) => ({
      hour: new Date(r.hour).toISOString(),
      requests: r.requests,
      failures: r.failures,
      tokens: r.tokens,
      meanDurationMs: r.mean === null ? null : Number(r.mean),
    }));
  }

  // --- sessions

  async insertSession(
    m: EntityManager,
    fields: Record<string, unknown>,
    propertyId: string | null,
    userId: string,
    now: Date,
  ): Promise<AiSessionRow> {
    const rows: AiSessionRow[] = await m.query(
      `INSERT INTO ai_property_sessions (fields, property_id, created_by, created_at, updated_at)
       VALUES ($1::jsonb, $2, $3, $4, $4) RETURNING *`,
      [JSON.stringify(fields), propertyId, userId, now],
    );
    return rows[0];
  }

  async session(m: EntityManager, id: string, lock = false): Promise<AiSessionRow | undefined> {
    const rows: AiSessionRow[] = await m.query(`SELECT * FROM ai_property_sessions WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0];
  }

  async sessions(m: EntityManager, userId: string | null, page: number, limit: number): Promise<{ rows: AiSessionRow[]; total: number }> {
    const w = userId ? 'WHERE created_by = $1' : '';
    const p = userId ? [userId] : [];
    const [{ total }] = await m.query(`SELECT count(*)::int AS total FROM ai_property_sessions ${w}`, p);
    const rows: AiSessionRow[] = await m.query(
      `SELECT * FROM ai_property_sessions ${w} ORDER BY updated_at DESC, id DESC LIMIT $${p.length + 1} OFFSET $${p.length + 2}`,
      [...p, limit, (page - 1) * limit],
    );
    return { rows, total };
  }

  async updateSession(
    m: EntityManager,
    id: string,
    set: Partial<Pick<AiSessionRow, 'fields' | 'status' | 'property_id' | 'publish_to_site' | 'last_request_id' | 'completed_at'>>,
    now: Date,
  ): Promise<AiSessionRow> {
    const cols: string[] = [];
    const params: unknown[] = [id];
    for (const [k, v] of Object.entries(set)) {
      const value = k === 'fields' ? JSON.stringify(v) : v;
      cols.push(`${k} = $${params.push(value)}${k === 'fields' ? '::jsonb' : ''}`);
    }
    cols.push(`updated_at = $${params.push(now)}`);
    const [rows]: [AiSessionRow[], number] = await m.query(
      `UPDATE ai_property_sessions SET ${cols.join(', ')} WHERE id = $1 RETURNING *`,
      params,
    );
    return rows[0];
  }
}
