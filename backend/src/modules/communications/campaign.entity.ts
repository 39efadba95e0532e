import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { CampaignFilter, CampaignStatus, CampaignSummary, CommunicationChannel } from '@ironclad/contracts';

/**
 * A bulk send (decisions.md §8). Its recipients are `outbound_messages` rows with
 * `campaign_id`, created by the worker's fan-out in batches of leads (issue 27: the request only
 * stores the campaign); live counts are computed from them.
 *
 * Lifecycle: queued (stored, audience being resolved / fan-out pending) → active (recipient jobs enqueued) ⇄ paused →
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

  /** Subject of the email template as it was when the campaign was created (email campaigns). */
  @Column({ type: 'text', nullable: true })
  templateSubject!: string | null;

  /** Content of the email template as it was when the campaign was created (email campaigns). */
  @Column({ type: 'text', nullable: true })
  templateContent!: string | null;

  /** Number of recipients (rows) stored so far; final once `preparedAt` is set. */
  @Column({ type: 'integer', default: 0 })
  total!: number;

  /** The newest lead id when the campaign was created: the audience is the matching leads up to it. */
  @Column({ type: 'integer', nullable: true })
  audienceMaxLeadId!: number | null;

  /** Lead id up to which the audience has been resolved (committed with each batch's recipients). */
  @Column({ type: 'integer', default: 0 })
  audienceCursor!: number;

  /** When the last audience batch was stored (the sweep leaves a campaign being prepared alone). */
  @Column({ type: 'timestamptz', nullable: true })
  preparingAt!: Date | null;

  /** When every recipient was stored (null: the worker is still resolving the audience). */
  @Column({ type: 'timestamptz', nullable: true })
  preparedAt!: Date | null;

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
