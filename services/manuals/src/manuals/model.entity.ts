import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An equipment model of a manufacturer; its slug is unique within the manufacturer. */
@Entity({ name: 'models', schema: 'manuals' })
export class Model {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'integer' })
  manufacturerId!: number;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'varchar', length: 140 })
  slug!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
