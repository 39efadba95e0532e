import { Check, Column, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';
import type { CommunicationChannel } from '@ironclad/contracts';

/** How an opt-out (or opt-in) was recorded. */
export const OPT_OUT_SOURCES = ['unsubscribe_link', 'one_click', 'sms_keyword', 'staff'] as const;
export type OptOutSource = (typeof OPT_OUT_SOURCES)[number];

/**
 * Consent per address and channel (decisions.md §15). `address` is normalised: a lower-cased
 * email, or an E.164 phone number. `optedOut` false = re-subscribed (SMS START). An opted-out
 * email gets no marketing email; an opted-out number gets no SMS at all.
 */
@Entity({ name: 'communication_opt_outs' })
@Unique('UQ_communication_opt_outs_channel_address', ['channel', 'address'])
@Check('CHK_communication_opt_outs_channel', `"channel" IN ('email','sms')`)
export class CommunicationOptOutRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 10 })
  channel!: CommunicationChannel;

  @Column({ type: 'text' })
  address!: string;

  @Column({ type: 'boolean', default: true })
  optedOut!: boolean;

  @Column({ type: 'varchar', length: 20 })
  source!: OptOutSource;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
