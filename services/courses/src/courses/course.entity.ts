import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { VideoOrientation } from '@clima/contract';

@Entity({ name: 'course' })
@Index('course_category_published_idx', ['courseCategoryId', 'isPublished'])
export class CourseEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 255 })
  title!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  /** Set to null by the database when the category is deleted. */
  @Column({ type: 'integer', nullable: true })
  courseCategoryId!: number | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  coverImageUrl!: string | null;

  @Column({ type: 'text', nullable: true })
  videoUrl!: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  videoFileUrl!: string | null;

  @Column({ type: 'varchar', length: 10, default: 'horizontal' })
  videoOrientation!: VideoOrientation;

  @Column({ type: 'boolean', default: true })
  isPublished!: boolean;

  @Index('course_created_at_idx')
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
