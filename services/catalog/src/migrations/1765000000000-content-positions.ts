import { MigrationInterface, QueryRunner } from 'typeorm';

/** Where each user stopped in each content's video and the stretches they played ('Continuar assistindo'). */
export class ContentPositions1765000000000 implements MigrationInterface {
  name = 'ContentPositions1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE catalog.content_positions (
        user_id varchar(128) NOT NULL,
        content_id integer NOT NULL REFERENCES catalog.contents (id) ON DELETE CASCADE,
        position double precision NOT NULL CONSTRAINT content_positions_position_check CHECK (position >= 0),
        duration double precision NOT NULL CONSTRAINT content_positions_duration_check CHECK (duration > 0),
        -- merged [start, end] stretches actually played, in seconds
        watched jsonb NOT NULL DEFAULT '[]',
        watched_seconds double precision NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, content_id)
      )`);
    await q.query(`CREATE INDEX content_positions_content_idx ON catalog.content_positions (content_id)`);
    await q.query(`CREATE INDEX content_positions_user_recent_idx ON catalog.content_positions (user_id, updated_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS catalog.content_positions`);
  }
}
