import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'lesson' })
@Index('lesson_course_position_idx', ['courseId', 'position', 'id'])
export class LessonEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Deleted with its course (ON DELETE CASCADE). */
  @Column({ type: 'integer' })
  courseId!: number;

  @Column({ type: 'varchar', length: 255 })
  title!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'varchar', length: 11, nullable: true })
  youtubeVideoId!: string | null;

  @Column({ type: 'integer', default: 0 })
  durationSeconds!: number;

  /** 1-based place in the course; kept contiguous by the lessons service. */
  @Column({ type: 'integer' })
  position!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
