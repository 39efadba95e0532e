import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ErrorCode, type CommunicationChannel, type UnsubscribeInfo } from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import { ENV, type Env } from '../../platform/config/env.js';
import type { OptOutSource } from './communication-opt-out.entity.js';
import { maskAddress, normalizeAddress, unsubscribeKey, verifyUnsubscribeToken } from './consent.js';

/**
 * Opt-outs (decisions.md §15): the unsubscribe link of marketing email and the SMS STOP / START
 * keywords write here; sends read it (MessageDeliveryService's claim, campaign creation).
 */
@Injectable()
export class ConsentService {
  private readonly key: Buffer;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENV) env: Env,
  ) {
    this.key = unsubscribeKey(env);
  }

  /** Records an opt-out (`optedOut` true) or a re-subscription (false) of a raw address. */
  async setOptOut(channel: CommunicationChannel, rawAddress: string, optedOut: boolean, source: OptOutSource): Promise<void> {
    const address = normalizeAddress(channel, rawAddress);
    if (!address) return;
    await this.dataSource.query(
      `INSERT INTO communication_opt_outs (channel, address, opted_out, source) VALUES ($1, $2, $3, $4)
       ON CONFLICT (channel, address) DO UPDATE SET opted_out = EXCLUDED.opted_out, source = EXCLUDED.source, updated_at = now()`,
      [channel, address, optedOut, source],
    );
  }

  /** Whether `rawAddress` opted out of `channel`. */
  async isOptedOut(channel: CommunicationChannel, rawAddress: string): Promise<boolean> {
    const address = normalizeAddress(channel, rawAddress);
    if (!address) return false;
    const rows: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM communication_opt_outs WHERE channel = $1 AND address = $2 AND opted_out',
      [channel, address],
    );
    return rows.length > 0;
  }

  /** GET /api/unsubscribe/{token}: the masked address and its state. @throws 404 for a bad token. */
  async describe(token: string): Promise<UnsubscribeInfo> {
    const { channel, address } = this.verify(token);
    const optedOut = await this.isOptedOut(channel, address);
    return {
      channel,
      ...(channel === 'email' ? { email: maskAddress(channel, address) } : { phone: maskAddress(channel, address) }),
      optedOut,
    };
  }

  /** POST /api/unsubscribe/{token}: records the opt-out (idempotent). @throws 404 for a bad token. */
  async unsubscribe(token: string, source: OptOutSource): Promise<{ optedOut: true }> {
    const { channel, address } = this.verify(token);
    await this.setOptOut(channel, address, true, source);
    return { optedOut: true };
  }

  private verify(token: string): { channel: CommunicationChannel; address: string } {
    const parsed = verifyUnsubscribeToken(this.key, token);
    if (!parsed) throw new ApiError(404, ErrorCode.NotFound, 'This unsubscribe link is not valid.');
    return parsed;
  }
}
