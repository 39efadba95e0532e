import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { CampaignFilter, CampaignStatus, CampaignSummary, CommunicationChannel } from '@ironclad/contracts';

/**
 * A bulk send (decisions.md §8). Its recipients are `outbound_messages` rows with
 * `campaign_id`, created with the campaign in one transaction; live counts are computed from them.
 *
 * Lifecycle: queued (stored, fan-out pending) → active (recipient jobs enqueued) ⇄ paused →
 * sent (no recipient left queued/sending) | cancelled (queued recipients marked cancelled).
 * `fanoutGeneration` numbers each fan-out (the first, and one more per resume) and is part of the
 * recipient job ids, so a repeated fan-out of one generation adds no job twice.
 */
@Entity({ name: 'campaigns' })
@Check('CHK_campaigns_channel', `"channel" IN ('email','sms')`)
@Check('CHK_campaigns_status', `"status" IN ('queued','active','paused','cancelled','sent')`)
@Index('IDX_campaigns_created_at', ['createdAt'])
@Index('IDX_campaigns_status', ['status'])
export class CampaignRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'varchar', length: 10 })
  channel!: CommunicationChannel;

  @Column({ type: 'varchar', length: 20, default: 'queued' })
  status!: CampaignStatus;

  /** Template name (email campaigns) as it was when the campaign was created. */
  @Column({ type: 'text', nullable: true })
  templateName!: string | null;

  /** The SMS text (SMS campaigns). */
  @Column({ type: 'text', nullable: true })
  message!: string | null;

  /** The lead filter of the bulk request (canonical status, minValue in dollars, createdAfter). */
  @Column({ type: 'jsonb', default: () => `'{}'` })
  filter!: CampaignFilter;

  /** Number of recipients (rows), fixed at creation. */
  @Column({ type: 'integer', default: 0 })
  total!: number;

  @Column({ type: 'integer', default: 1 })
  fanoutGeneration!: number;

  /** When the current generation's recipient jobs were all enqueued (null: fan-out pending). */
  @Column({ type: 'timestamptz', nullable: true })
  fannedOutAt!: Date | null;

  /** Staff email of the creator. */
  @Column({ type: 'text', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  /** {successful, failed, total}, written when the campaign ends. */
  @Column({ type: 'jsonb', nullable: true })
  summary!: CampaignSummary | null;
}
