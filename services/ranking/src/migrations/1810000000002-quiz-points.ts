import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Learning awards for a lesson quiz passed the first time and a course's final assessment passed (issue 27). */
export class QuizPoints1810000000002 implements MigrationInterface {
  name = 'QuizPoints1810000000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ranking.learning_awards DROP CONSTRAINT learning_awards_kind_check`);
    await q.query(`ALTER TABLE ranking.learning_awards ADD CONSTRAINT learning_awards_kind_check CHECK (kind IN ('lesson', 'course', 'manual', 'quiz', 'assessment'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM ranking.learning_awards WHERE kind IN ('quiz', 'assessment')`);
    await q.query(`ALTER TABLE ranking.learning_awards DROP CONSTRAINT learning_awards_kind_check`);
    await q.query(`ALTER TABLE ranking.learning_awards ADD CONSTRAINT learning_awards_kind_check CHECK (kind IN ('lesson', 'course', 'manual'))`);
  }
}
