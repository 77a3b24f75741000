import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * AI content (issue 23 "AI content"; spec 02 §4 AI property session, §7 AI and AI property sessions):
 * - `ai_requests`: one generation asked for by a person (description, questions, translate,
 *   router, session-suggestions), run by the worker on the `ai` queue (queued -> running ->
 *   completed | failed). `input` is what was asked (propertyId, language, fields...), `output`
 *   the draft the worker wrote (kept until a person accepts it: `accepted_at`/`accepted_by`),
 *   `tokens` prompt + completion, `duration_ms` the provider call's time in ms. The queue screen
 *   and the hourly statistics read this table (ix_ai_requests_created).
 * - `ai_property_sessions`: a listing drafted with AI help; `fields` the draft listing fields,
 *   `suggestions` the generated texts; created -> editing -> suggested -> completed (with the
 *   listing it made in `property_id` and `publish_to_site`).
 */
export class AiRequests1764420000000 implements MigrationInterface {
  name = 'AiRequests1764420000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ai_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind varchar(24) NOT NULL
          CHECK (kind IN ('description', 'questions', 'translate', 'router', 'session-suggestions')),
        input jsonb NOT NULL DEFAULT '{}',
        output jsonb,
        status varchar(12) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed')),
        error varchar(500),
        error_kind varchar(16),
        provider varchar(16),
        model varchar(120),
        tokens integer NOT NULL DEFAULT 0,
        duration_ms integer,
        attempts integer NOT NULL DEFAULT 0,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz,
        accepted_at timestamptz,
        accepted_by uuid REFERENCES users(id) ON DELETE SET NULL,
        discarded_at timestamptz
      )`);
    await q.query(`CREATE INDEX ix_ai_requests_created ON ai_requests (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX ix_ai_requests_pending ON ai_requests (created_at) WHERE status IN ('queued', 'running')`);

    await q.query(`
      CREATE TABLE ai_property_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        property_id uuid REFERENCES properties(id) ON DELETE SET NULL,
        fields jsonb NOT NULL DEFAULT '{}',
        suggestions jsonb,
        status varchar(12) NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'editing', 'suggested', 'completed')),
        publish_to_site boolean NOT NULL DEFAULT false,
        last_request_id uuid REFERENCES ai_requests(id) ON DELETE SET NULL,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      )`);
    await q.query(`CREATE INDEX ix_ai_property_sessions_owner ON ai_property_sessions (created_by, updated_at DESC)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS ai_property_sessions`);
    await q.query(`DROP TABLE IF EXISTS ai_requests`);
  }
}
