import type { MigrationInterface, QueryRunner } from 'typeorm';
import { OUTBOX_SQL } from '@clima/common';

/**
 * The manuals service's transactional outbox: `manual.opened` is written in the transaction that records a
 * download, and the relay hands it to the subscribers' queues afterwards (the ranking's learning points).
 */
export class ManualsOutbox1795000000000 implements MigrationInterface {
  name = 'ManualsOutbox1795000000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of OUTBOX_SQL('manuals')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS manuals.outbox`);
  }
}
