import { Check, Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { QuoteOptionKey, QuoteOptions, QuoteVersionStatus } from '@ironclad/contracts';
import { bigintAsNumber } from '../../../platform/database/bigint-transformer.js';

/**
 * One version of a wizard lead's saved quote (issue 21 points 4, 6, 7). Version 1 is written with
 * the lead, in the same transaction; staff revising the quote write the next version and mark the
 * older unpaid ones `superseded`. Each version has its own unguessable link token (32 random bytes,
 * base64url; unique index), the snapshot of every design option it offered (whole dollars inside,
 * as the engine priced them), the chosen option and its total in cents, and — once the customer
 * approved it — the signature: typed name, time, IP and the SHA-256 of the version's canonical JSON
 * with the chosen option (approval-hash.ts). A deposit names the version it paid for
 * (`payments.quote_version_id`).
 */
@Entity({ name: 'quote_versions' })
@Unique('UQ_quote_versions_lead_version', ['leadId', 'version'])
@Check('CHK_quote_versions_status', `"status" IN ('sent','viewed','approved','deposit_paid','superseded')`)
@Check('CHK_quote_versions_option', `"chosen_option" IN ('essential','recommended','complete')`)
@Check('CHK_quote_versions_version', `"version" > 0`)
export class QuoteVersionRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'integer' })
  leadId!: number;

  // Quotes sit below leads: the lead entity is named, not imported.
  @ManyToOne('LeadRecord', { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lead_id' })
  lead?: unknown;

  /** 1, 2, … per lead. */
  @Column({ type: 'integer' })
  version!: number;

  /** The link token (43 base64url characters), /quotes/{token}. */
  @Column({ type: 'varchar', length: 64, unique: true })
  token!: string;

  @Column({ type: 'varchar', length: 20, default: 'sent' })
  status!: QuoteVersionStatus;

  /** Every option of the version (AiRecommendation each, whole dollars). */
  @Column({ type: 'jsonb' })
  options!: QuoteOptions;

  @Column({ type: 'varchar', length: 20, default: 'recommended' })
  chosenOption!: QuoteOptionKey;

  /** The chosen option's total project cost, integer cents. */
  @Column({ type: 'bigint', transformer: bigintAsNumber })
  totalCents!: number;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  viewedAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  approvedAt!: Date | null;

  @Column({ type: 'text', nullable: true })
  approvedName!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  approvedIp!: string | null;

  /** SHA-256 hex of the canonical JSON of the version and the chosen option. */
  @Column({ type: 'char', length: 64, nullable: true })
  approvalHash!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  depositPaidAt!: Date | null;

  /** The version's stored PDF (lead_documents), set by the worker once rendered. */
  @Column({ type: 'integer', nullable: true })
  documentId!: number | null;

  // The documents sit above quotes (estimates): named, not imported.
  @ManyToOne('LeadDocumentRecord', { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'document_id' })
  document?: unknown;

  /** The staff user who wrote the version (`email`), null for the wizard's version 1. */
  @Column({ type: 'text', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
