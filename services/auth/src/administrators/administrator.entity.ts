import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An administrator account of the admin panel (separate from end users). */
@Entity({ name: 'administrators' })
export class Administrator {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text' })
  username!: string;

  @Column({ type: 'text', select: false })
  passwordHash!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
