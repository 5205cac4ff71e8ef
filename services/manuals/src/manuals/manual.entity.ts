import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ManualType } from '@clima/contract';

@Entity({ name: 'manuals', schema: 'manuals' })
export class Manual {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 255 })
  title!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'integer' })
  manufacturerId!: number;

  @Column({ type: 'integer' })
  modelId!: number;

  @Column({ type: 'varchar', length: 32 })
  manualType!: ManualType;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  fileUrl!: string | null;

  /** Bytes; known for uploaded PDFs. `bigint` comes back from pg as a string. */
  @Column({ type: 'bigint', nullable: true })
  fileSize!: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  externalUrl!: string | null;

  @Column({ type: 'boolean', default: true })
  isPublished!: boolean;

  @Column({ type: 'integer', default: 0 })
  downloadCount!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
