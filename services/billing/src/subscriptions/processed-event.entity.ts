import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A provider event already handled (at most once), with what it did. */
@Entity({ name: 'processed_events' })
export class ProcessedEvent {
  @PrimaryColumn({ type: 'text' })
  provider!: string;

  @PrimaryColumn({ type: 'text' })
  eventId!: string;

  @Column({ type: 'text' })
  type!: string;

  @Column({ type: 'timestamptz' })
  eventCreatedAt!: Date;

  /** applied | stale | duplicate-effect | unmatched_user | unknown_plan | ignored */
  @Column({ type: 'text' })
  outcome!: string;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  processedAt!: Date;
}
