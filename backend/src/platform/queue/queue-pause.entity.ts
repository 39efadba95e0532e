import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A queue staff or a developer paused (dashboard or CLI), kept in Postgres because BullMQ's
 * paused flag lives only in Redis: a Redis that lost its data would silently resume a queue that
 * someone stopped on purpose. One row per paused queue; resuming deletes it.
 */
@Entity({ name: 'queue_pauses' })
export class QueuePauseRecord {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  queue!: string;

  /** Who paused it: a staff email or the CLI's `user@host`. */
  @Column({ type: 'text', nullable: true })
  pausedBy!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  pausedAt!: Date;
}
