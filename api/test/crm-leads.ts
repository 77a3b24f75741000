import type { Response as SuperagentResponse } from 'superagent';
import type { ClientBase } from 'pg';

/** A lead row for the CRM tests (spec 02 §3 Lead); unset fields take plain defaults. */
export interface TestLead {
  firstName?: string;
  lastName?: string;
  phone?: string;
  email?: string;
  telegram?: string;
  source?: string;
  topic?: string;
  message?: string | null;
  status?: string;
  quality?: string;
  budget?: number | null;
  ownerId?: string | null;
  createdAt?: string;
  deletedAt?: string | null;
}

/** Inserts leads straight into the table; their ids in order. */
export async function insertLeads(c: ClientBase, leads: TestLead[]): Promise<string[]> {
  const ids: string[] = [];
  for (const l of leads) {
    const r = await c.query(
      `INSERT INTO leads (first_name, last_name, phone, email, telegram, source, topic, message, status, quality, budget, assigned_to,
                          created_at, deleted_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, COALESCE($13::timestamptz, now()), $14) RETURNING id`,
      [
        l.firstName ?? '',
        l.lastName ?? '',
        l.phone ?? '',
        l.email ?? '',
        l.telegram ?? '',
        l.source ?? 'website',
        l.topic ?? 'Аренда офиса',
        l.message ?? null,
        l.status ?? 'new',
        l.quality ?? 'warm',
        l.budget ?? null,
        l.ownerId ?? null,
        l.createdAt ?? null,
        l.deletedAt ?? null,
      ],
    );
    ids.push(r.rows[0].id as string);
  }
  return ids;
}

/** Reads a whole binary answer (supertest's parser for files: `.buffer(true).parse(binary)`). */
export function binary(res: SuperagentResponse, done: (err: Error | null, body: unknown) => void): void {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}
