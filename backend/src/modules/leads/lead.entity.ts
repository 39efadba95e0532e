import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { User } from '../staff/index.js';
import { bigintAsNumber } from '../../platform/database/bigint-transformer.js';
import type { BuildingInfo, LeadSource, LeadStatus } from '@ironclad/contracts';

/**
 * A sales lead (staff-side.md §3 "leads"; decisions.md §3, §5).
 *
 * Money is stored as integer cents (`totalEstimateCents`); the API's `totalEstimate` is whole
 * dollars. `status` holds only the canonical pipeline names.
 */
@Entity({ name: 'leads' })
// Migration ExportFiles: (created_at DESC, id DESC) for keyset pages, which TypeORM cannot describe (not managed by it).
@Index('IDX_leads_created_at_id', { synchronize: false })
@Check('CHK_leads_status', `"status" IN ('new','contacted','qualified','proposal','negotiation','won','lost')`)
@Index('IDX_leads_created_at', ['createdAt'])
@Index('IDX_leads_status_created_at', ['status', 'createdAt'])
@Index('IDX_leads_source_created_at', ['source', 'createdAt'])
@Index('IDX_leads_spam_created_at', ['createdAt'], { where: 'spam_reason IS NOT NULL' })
@Index('IDX_leads_archived_at', ['archivedAt'], { where: 'archived_at IS NOT NULL' })
// Indexes of migration LeadSearchAndSort that TypeORM cannot describe (not managed by it): the
// pg_trgm GIN index of `search_text`, the estimate ASC NULLS FIRST and the lower-cased name.
@Index('IDX_leads_search_text_trgm', { synchronize: false })
@Index('IDX_leads_estimate', { synchronize: false })
@Index('IDX_leads_name_lower', { synchronize: false })
// Migration InventoryCatalogue: GIN (jsonb_path_ops) over the quote's equipment list, for the
// inventory's "is this item referred to" containment lookups.
@Index('IDX_leads_equipment_list', { synchronize: false })
// Migration ActionItemsStageSince: partial (status, stage_since, id) over the counted leads, read by Action Items.
@Index('IDX_leads_action_stage', { synchronize: false })
export class LeadRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text', nullable: true })
  firstName!: string | null;

  @Column({ type: 'text', nullable: true })
  lastName!: string | null;

  @Index('IDX_leads_email')
  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text', nullable: true })
  phone!: string | null;

  @Column({ type: 'text', nullable: true })
  company!: string | null;

  @Column({ type: 'text', nullable: true })
  address!: string | null;

  @Column({ type: 'jsonb' })
  buildingInfo!: BuildingInfo;

  @Column({ type: 'jsonb', nullable: true })
  aiRecommendation!: unknown | null;

  /** Server-computed estimate in integer cents. */
  @Column({ type: 'bigint', nullable: true, transformer: bigintAsNumber })
  totalEstimateCents!: number | null;

  /**
   * SHA-256 (hex) of the deposit token handed out with a wizard quote (see deposit-token.ts): a
   * deposit is addressed by the token, and a database read does not reveal it. Null for leads
   * without a quote to pay a deposit on.
   */
  @Index('IDX_leads_deposit_token_hash', { unique: true })
  @Column({ type: 'varchar', length: 64, nullable: true })
  depositTokenHash!: string | null;

  /**
   * The configuration versions the stored quote was priced with, by kind (`ai_recommendation_config`,
   * `inventory`, `promotions`: configuration_versions), or null for a lead the server did not price.
   */
  @Column({ type: 'jsonb', nullable: true })
  configurationVersions!: Record<string, number> | null;

  @Column({ type: 'text', nullable: true })
  budget!: string | null;

  @Column({ type: 'text', nullable: true })
  timeline!: string | null;

  @Column({ type: 'text', nullable: true })
  specificAreas!: string | null;

  @Column({ type: 'text', array: true, default: () => `'{}'` })
  additionalFeatures!: string[];

  @Column({ type: 'varchar', length: 20, default: 'new' })
  status!: LeadStatus;

  @Column({ type: 'varchar', length: 40, default: 'ai_shopping' })
  source!: LeadSource;

  /** The staff user who owns the lead (issue 22 point 6), or null; set null when the user is deleted. */
  @Index('IDX_leads_owner')
  @Column({ type: 'text', nullable: true })
  ownerId!: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'FK_leads_owner' })
  owner?: Relation<User>;

  /** Why the submission is taken for a bot's (`honeypot` | `too_fast`), or null; flagged leads are hidden by default. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  spamReason!: string | null;

  /** When staff deleted the lead: archived, hidden from every list, restorable for LEAD_ARCHIVE_DAYS, then purged. */
  @Column({ type: 'timestamptz', nullable: true })
  archivedAt!: Date | null;

  /** Email of the staff user who archived it. */
  @Column({ type: 'text', nullable: true })
  archivedBy!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;

  /**
   * What the staff search matches (lower-cased first name, last name, email, phone and the
   * phone's digits). Written only by the database trigger `TRG_leads_search_text` (migration
   * LeadSearchAndSort), never by the application; not loaded with the entity.
   */
  @Column({ type: 'text', default: '', select: false, insert: false, update: false })
  searchText!: string;

  /**
   * When the lead entered its current status: its creation for `new`, else its last change to
   * the status (else its creation). Written only by the database triggers of migration
   * ActionItemsStageSince, never by the application; read by Action Items; not loaded with the entity.
   */
  @Column({ name: 'stage_since', type: 'timestamptz', default: () => 'now()', select: false, insert: false, update: false })
  stageSince!: Date;
}
