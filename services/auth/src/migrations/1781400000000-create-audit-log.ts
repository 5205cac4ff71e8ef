import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The administrators' audit log, append-only: a trigger refuses every UPDATE and every DELETE, and a
 * TRUNCATE, whoever sends it. The one exception is the retention job, which marks its own transaction
 * with `SET LOCAL clima.audit_retention_days = '<n>'` (see audit-retention.ts): then, and only then, a
 * DELETE of a row older than those n days (n ≥ 1) passes. A row younger than that is refused even then.
 */
export class CreateAuditLog1781400000000 implements MigrationInterface {
  name = 'CreateAuditLog1781400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE auth.audit_log (
        id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        occurred_at timestamptz NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        service text NOT NULL,
        actor_id text,
        actor_name text,
        action text NOT NULL,
        entity text NOT NULL,
        record_id text,
        before jsonb,
        after jsonb,
        method text NOT NULL,
        path text NOT NULL,
        status smallint NOT NULL,
        request_id text,
        ip text
      )`);
    await q.query(`CREATE INDEX audit_log_time_idx ON auth.audit_log (occurred_at DESC, seq DESC)`);
    await q.query(`CREATE INDEX audit_log_actor_idx ON auth.audit_log (actor_id, occurred_at DESC)`);
    await q.query(`CREATE INDEX audit_log_entity_idx ON auth.audit_log (entity, occurred_at DESC)`);
    await q.query(`CREATE INDEX audit_log_action_idx ON auth.audit_log (action, occurred_at DESC)`);
    await q.query(`
      CREATE FUNCTION auth.audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        days text := current_setting('clima.audit_retention_days', true);
      BEGIN
        IF TG_OP = 'DELETE' AND days ~ '^[0-9]{1,6}$' AND days::int >= 1
           AND OLD.occurred_at < now() - make_interval(days => days::int) THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'auth.audit_log é somente de inserção: % recusado', TG_OP
          USING ERRCODE = 'insufficient_privilege',
                HINT = 'Só o job de retenção apaga, e apenas registros mais antigos que AUDIT_RETENTION_DAYS.';
      END
      $$`);
    await q.query(`
      CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON auth.audit_log
        FOR EACH ROW EXECUTE FUNCTION auth.audit_log_append_only()`);
    await q.query(`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON auth.audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION auth.audit_log_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS auth.audit_log`);
    await q.query(`DROP FUNCTION IF EXISTS auth.audit_log_append_only()`);
  }
}
