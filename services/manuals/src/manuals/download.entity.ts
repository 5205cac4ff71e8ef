import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Who downloaded which manual and when (removed when the user is deleted). */
@Entity({ name: 'downloads', schema: 'manuals' })
export class Download {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'integer' })
  manualId!: number;

  @Column({ type: 'varchar', length: 128 })
  userId!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  downloadedAt!: Date;
}
