import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log (issue 21, spec 02 §2/§7): one row per staff write, append-only at the database
 * level. A trigger refuses UPDATE and DELETE row by row and TRUNCATE by statement, for every
 * role including the API's own: a bug or a stolen API credential can add to the record but not
 * rewrite it. (Dropping the table still needs the owner, as any DDL does.)
 */
export class AuditLog1764000000000 implements MigrationInterface {
  name = 'AuditLog1764000000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE audit_logs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        occurred_at timestamptz NOT NULL DEFAULT now(),
        actor_id uuid NULL,
        actor_email varchar(254) NOT NULL DEFAULT '',
        actor_role varchar(32) NOT NULL DEFAULT '',
        action varchar(64) NOT NULL,
        entity varchar(64) NOT NULL,
        entity_id varchar(64) NULL,
        before jsonb NULL,
        after jsonb NULL,
        ip varchar(45) NULL,
        user_agent varchar(512) NULL
      )`);
    await q.query(`CREATE INDEX ix_audit_logs_occurred ON audit_logs (occurred_at, id)`);
    await q.query(`CREATE INDEX ix_audit_logs_actor_occurred ON audit_logs (actor_id, occurred_at)`);
    await q.query(`CREATE INDEX ix_audit_logs_entity_occurred ON audit_logs (entity, entity_id, occurred_at)`);
    await q.query(`CREATE INDEX ix_audit_logs_action_occurred ON audit_logs (action, occurred_at)`);
    await q.query(`
      CREATE FUNCTION audit_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_logs is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(
      `CREATE TRIGGER audit_logs_no_update_delete BEFORE UPDATE OR DELETE ON audit_logs FOR EACH ROW EXECUTE FUNCTION audit_logs_append_only()`,
    );
    await q.query(
      `CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON audit_logs FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_append_only()`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_logs`);
    await q.query(`DROP FUNCTION audit_logs_append_only()`);
  }
}
