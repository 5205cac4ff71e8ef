import { CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** One row per user and completed lesson; the row's existence is the completion. */
@Entity({ name: 'lesson_progress' })
export class LessonProgressEntity {
  /** The user's string id (e.g. 'email_12'); users live in the auth service. */
  @PrimaryColumn({ type: 'varchar', length: 128 })
  userId!: string;

  @Index('lesson_progress_lesson_idx')
  @PrimaryColumn({ type: 'integer' })
  lessonId!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  completedAt!: Date;
}
