import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import Handlebars from 'handlebars';
import type { MessageKind, OutboundChannel, OutboundStatus } from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { returningRows } from '../../platform/database/returning-rows.js';
import { ProviderCircuits, ProviderUnavailableError } from '../../platform/providers/provider-circuits.js';
import { ProviderError } from '../../platform/providers/provider-error.js';
import { RetryLaterError } from '../../platform/queue/job-processor.js';
import { EMAIL_PROVIDER, type EmailAttachment, type EmailProvider, type SendOutcome } from './email-provider.js';
import { SMS_PROVIDER, type SmsProvider } from './sms-provider.js';
import { normalizeEmail, unsubscribeKey, unsubscribeToken } from './consent.js';
import { decideRetry, deliveryPolicyOf, formatDuration, RetryScheduledError, type DeliveryPolicy } from './delivery-policy.js';

export interface DeliveryResult {
  outboundMessageId: number;
  status: OutboundStatus;
  /** True when the record had already been delivered (or finished) by another attempt. */
  duplicate: boolean;
  /** True when a crashed attempt had reached the provider: recorded as sent without sending again. */
  recovered?: boolean;
  /** True when its campaign is paused: nothing was sent, the record stays queued for the resume. */
  paused?: boolean;
}

/**
 * Thrown when the message is being delivered by another attempt right now (its lease has not
 * expired); retry at `retryAt` (epoch ms) without counting an attempt.
 */
export class DeliveryInProgressError extends RetryLaterError {}

/** Columns a delivery needs (RETURNING of the claim). */
interface ClaimedMessage {
  id: number;
  channel: OutboundChannel;
  kind: MessageKind;
  status: OutboundStatus;
  recipient: string;
  subject: string | null;
  body: string;
  idempotencyKey: string;
  attempts: number;
  firstAttemptAt: Date;
  createdAt: Date;
}

const RETURNING = `RETURNING o.id, o.channel, o.kind, o.status, o.recipient, o.subject, o.body, o.idempotency_key AS "idempotencyKey", o.attempts, o.first_attempt_at AS "firstAttemptAt", o.created_at AS "createdAt"`;

/** The record may be sent now: not in a paused/cancelled/finished campaign. */
const CAMPAIGN_RUNNING = `(o.campaign_id IS NULL OR EXISTS (SELECT 1 FROM campaigns c WHERE c.id = o.campaign_id AND c.status IN ('queued', 'active')))`;

/**
 * Whether record `m` goes to an opted-out recipient (decisions.md §15): SMS of any kind to an
 * opted-out number; marketing email to an unsubscribed address. Addresses are stored normalised
 * (consent.ts); the unique index (channel, address) answers it.
 */
const OPTED_OUT = `(m.channel = 'sms' OR m.kind = 'marketing') AND EXISTS (SELECT 1 FROM communication_opt_outs x
   WHERE x.opted_out AND x.channel = m.channel
     AND x.address = CASE WHEN m.channel = 'email' THEN lower(btrim(m.recipient)) ELSE m.recipient END)`;

/** Reason stored on a message skipped because of an opt-out. */
export const OPTED_OUT_REASON = 'skipped: recipient opted out';

/**
 * Delivers a recorded email or SMS at most once per record, and — with the provider's help after
 * a crash — exactly once:
 *
 * 1. **Claim**: one conditional UPDATE moves the record `queued` → `sending` (attempts + 1,
 *    first_attempt_at kept from the first claim) only when its campaign (if any) is running; in
 *    the same statement an opted-out recipient becomes `skipped` instead. Concurrent or replayed
 *    jobs cannot both claim it. Claims and outcomes commit asynchronously (`synchronous_commit =
 *    off` for that statement): visible to every other worker at once, durable a few hundred ms
 *    later — one disk flush saved per write (see "Postgres crash" below).
 * 2. **Provider call**, keyed by the record (SendGrid custom arg `idempotency_key`).
 * 3. **Outcome** written back: `sent` + provider id, `not_delivered` (outbox), or the provider's
 *    reason: `queued` again for a retryable failure (429, 5xx: nothing accepted), `failed` for a
 *    permanent one or the last attempt. A call whose outcome is unknown (timeout, connection
 *    dropped: the provider may have accepted it) leaves the record `sending`, i.e. in the crash
 *    window below: the retry asks the provider before sending again.
 *
 * **Crash window** (worker killed between 2 and 3): the record stays `sending`. Another attempt
 * (BullMQ retakes the stalled job after its lock expires, or the campaign sweep re-enqueues it)
 * finds it `sending` and waits until the lease MESSAGE_SENDING_LEASE_MS (> PROVIDER_TIMEOUT_MS, so
 * the first call has surely ended) has passed since the claim, then re-claims it and first asks
 * the provider whether the message was accepted (Twilio: message list for the number with the same
 * body since the first attempt; SendGrid: Email Activity by our idempotency key). Found: recorded
 * `sent` with that id, nothing sent again. Not found: sent now. When the provider cannot tell
 * (SendGrid without the Email Activity add-on) the message is sent again: at-least-once is
 * preferred to losing it, and logged.
 *
 * **Retry of a failed record**: a job that finds its record `failed` (staff retried the failed job
 * once the provider recovered, or a developer replayed it) claims it again — only while its
 * campaign, if any, runs — and, as after a crash, asks the provider first: the provider refused
 * every earlier attempt, unless the last one timed out after it accepted. So it is sent once.
 *
 * **Postgres crash**: an asynchronously committed claim or outcome may be lost, the record found
 * `queued` (claim lost) or `sending` (outcome lost) after the restart. `sending` takes the path
 * above. For `queued`, the job in Redis knows it was started before (`priorStarts`, from BullMQ's
 * attemptsStarted) more often than the record saw claims: such an attempt also asks the provider
 * first. Ordinary retries (429/5xx, whose failures were recorded) never need that lookup.
 */
@Injectable()
export class MessageDeliveryService {
  private readonly logger = new Logger(MessageDeliveryService.name);
  private readonly unsubscribeKey: Buffer;
  private readonly policy: DeliveryPolicy;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(EMAIL_PROVIDER) private readonly email: EmailProvider,
    @Inject(SMS_PROVIDER) private readonly sms: SmsProvider,
    @Inject(ENV) private readonly env: Env,
    private readonly circuits: ProviderCircuits,
  ) {
    this.unsubscribeKey = unsubscribeKey(env);
    this.policy = deliveryPolicyOf(env);
  }

  /**
   * @param isFinalAttempt when true a retryable provider failure marks the record `failed`
   *   instead of returning it to `queued` (or leaving it `sending` when its outcome is unknown).
   * @param attachments files sent with an email (e.g. the PDF estimate); the record keeps the text.
   * @param priorStarts how many times the calling job had started before this attempt (BullMQ
   *   `attemptsStarted - 1`); more than the record's earlier claims means a claim was lost.
   * @param since for the provider lookup: no earlier send can predate this (the job's creation).
   * @throws ProviderError (retryable or not) after recording it; DeliveryInProgressError.
   */
  async deliver(
    outboundMessageId: number,
    opts: { isFinalAttempt: boolean; channel?: OutboundChannel; attachments?: EmailAttachment[]; priorStarts?: number; since?: Date },
  ): Promise<DeliveryResult> {
    // The provider's circuit is open: wait for its next probe without claiming (no attempt spent).
    const gate = opts.channel ? this.circuits.of(this.providerOf(opts.channel).name)?.admit() : undefined;
    if (gate && !gate.ok) {
      throw new ProviderUnavailableError(
        `outbound message #${outboundMessageId}: ${this.providerOf(opts.channel!).name} is down, waiting`,
        gate.retryAt,
      );
    }
    let claimed = await this.claim(outboundMessageId, 'queued');
    // a claim of an earlier start of this job that the record does not show (lost in a Postgres crash)
    let reclaimed = claimed !== null && claimed.status === 'sending' && (opts.priorStarts ?? 0) > claimed.attempts - 1;
    if (!claimed) {
      const state = await this.state(outboundMessageId);
      if (!state) throw new ProviderError(`outbound message #${outboundMessageId} does not exist`, false);
      if (state.status === 'failed') {
        // A failed job retried (or replayed) once the provider recovered: the provider accepted
        // none of the earlier attempts, unless the last one timed out after it did — so ask first.
        claimed = await this.claim(outboundMessageId, 'failed');
        // not claimed: its campaign is not running (ended, paused, cancelled) or another attempt took it
        if (!claimed) return { outboundMessageId, status: 'failed', duplicate: true };
        reclaimed = claimed.status === 'sending';
      } else if (state.status === 'queued') {
        if (state.campaignStatus === 'paused' || state.campaignStatus === 'cancelled' || state.campaignStatus === 'sent') {
          return { outboundMessageId, status: 'queued', duplicate: false, paused: true };
        }
        // claimed and released by another attempt between our two statements: try again shortly
        throw new DeliveryInProgressError(`outbound message #${outboundMessageId} changed while claiming`, Date.now() + 200);
      } else if (state.status !== 'sending') {
        return { outboundMessageId, status: state.status, duplicate: true };
      } else if (state.leaseLeftMs > 0) {
        throw new DeliveryInProgressError(
          `outbound message #${outboundMessageId} is being delivered by another attempt`,
          Date.now() + state.leaseLeftMs + 50,
        );
      } else {
        claimed = await this.reclaimAbandoned(outboundMessageId);
        if (!claimed)
          throw new DeliveryInProgressError(`outbound message #${outboundMessageId} was re-claimed by another attempt`, Date.now() + 200);
        reclaimed = true;
      }
    }
    if (claimed.status === 'skipped') return { outboundMessageId, status: 'skipped', duplicate: false };

    const circuit = this.circuits.of(this.providerOf(claimed.channel).name);
    const call = <T>(fn: () => Promise<T>): Promise<T> => (circuit ? circuit.fire(fn) : fn());
    if (reclaimed) {
      let found: string | null;
      try {
        found = await call(() => this.findSent(claimed, opts.since));
      } catch (err) {
        if (err instanceof ProviderUnavailableError) throw await this.release(claimed, reclaimed, err);
        // the provider could not be asked: the next attempt asks again (never sends blind)
        throw await this.recordFailure(claimed, err, opts.isFinalAttempt, 'lookup');
      }
      if (found !== null) {
        await this.record(claimed.id, {
          status: 'sent',
          provider: this.providerOf(claimed.channel).name,
          providerMessageId: found,
          error: null,
          sentAt: new Date(),
        });
        this.logger.warn(`outbound #${claimed.id}: the provider already had it (${found}) — recorded, not sent again`);
        return { outboundMessageId, status: 'sent', duplicate: true, recovered: true };
      }
    }
    let outcome: SendOutcome;
    try {
      outcome = await call(() =>
        claimed.channel === 'email'
          ? this.sendEmail(claimed, opts.attachments)
          : this.sms.send({ to: claimed.recipient, body: claimed.body }),
      );
    } catch (err) {
      if (err instanceof ProviderUnavailableError) throw await this.release(claimed, reclaimed, err);
      throw await this.recordFailure(claimed, err, opts.isFinalAttempt, 'send');
    }
    // Outside the try: should writing the outcome fail, the record stays `sending` and the next
    // attempt (after the lease) asks the provider instead of sending again.
    if (outcome.delivered) {
      await this.record(claimed.id, {
        status: 'sent',
        provider: outcome.provider,
        providerMessageId: outcome.providerMessageId,
        error: null,
        sentAt: new Date(),
      });
      return { outboundMessageId, status: 'sent', duplicate: false };
    }
    await this.record(claimed.id, { status: 'not_delivered', provider: outcome.provider, error: outcome.reason });
    return { outboundMessageId, status: 'not_delivered', duplicate: false };
  }

  /**
   * Records a failed provider call (or crash-recovery lookup) and answers the error to throw,
   * following the delivery policy (delivery-policy.ts):
   * - permanent (4xx other than 429/408): `failed` with the provider's reason, never retried;
   * - transient, but the message's patience (MESSAGE_PATIENCE_MS since it was recorded) is spent,
   *   or the job's last allowed attempt: `failed` with the provider's reason and how long it was
   *   tried — a permanent error, so the job fails at once;
   * - the send's outcome is unknown (timeout, connection dropped after the request was written):
   *   the record stays `sending`, so the retry waits out the lease (the provider has finished with
   *   the request by then) and asks the provider before sending again — a slow answer never
   *   becomes a second send;
   * - the lookup failed: stays `sending` with its lease already over, so the retry asks again;
   * - otherwise (429, 5xx, connection refused: nothing was accepted): `queued` (waiting), retried
   *   after the policy's wait ({@link RetryScheduledError}: a 429's Retry-After, else jittered
   *   exponential backoff capped at MESSAGE_BACKOFF_MAX_MS).
   */
  private async recordFailure(
    claimed: ClaimedMessage,
    err: unknown,
    isFinalAttempt: boolean,
    during: 'send' | 'lookup',
  ): Promise<ProviderError> {
    const perr = err instanceof ProviderError ? err : new ProviderError((err as Error).message, true);
    const decision = perr.retryable
      ? decideRetry(this.policy, { failures: claimed.attempts, recordedAt: new Date(claimed.createdAt), retryAfterMs: perr.retryAfterMs })
      : null;
    let next: string;
    let thrown: ProviderError;
    if (!perr.retryable) {
      next = 'failed';
      thrown = perr;
      await this.record(claimed.id, { status: 'failed', error: perr.message });
    } else if (!decision?.retry || isFinalAttempt) {
      next = 'failed';
      const why = decision && !decision.retry ? decision.reason : `gave up after ${claimed.attempts} attempt(s)`;
      const reason = `${perr.message} (${why})`;
      thrown = new ProviderError(reason, false, perr.statusCode);
      await this.record(claimed.id, { status: 'failed', error: reason });
    } else {
      thrown = new RetryScheduledError(perr, decision.waitMs);
      if (during === 'lookup' || perr.outcomeUnknown) {
        next = during === 'lookup' ? 'ask the provider again' : 'outcome unknown: ask the provider after the lease';
        await this.record(claimed.id, { error: perr.message }, during === 'lookup' ? { leaseOver: true } : {});
      } else {
        next = `will retry in ${formatDuration(decision.waitMs)}`;
        await this.record(claimed.id, { status: 'queued', error: perr.message });
      }
    }
    this.logger.warn(`outbound #${claimed.id} attempt ${claimed.attempts} failed (${next}): ${perr.message}`);
    return thrown;
  }

  /**
   * Gives back a claim whose provider call the circuit refused (nothing was sent): one attempt
   * less, `queued` again — or, for a re-claimed record that must ask the provider first, `sending`
   * with its lease over — and answers the error to throw (the job waits for the probe).
   */
  private async release(claimed: ClaimedMessage, reclaimed: boolean, err: ProviderUnavailableError): Promise<ProviderUnavailableError> {
    await this.dataSource.query(
      `WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true))
       UPDATE outbound_messages SET attempts = GREATEST(0, attempts - 1), status = $2::varchar,
              updated_at = CASE WHEN $2::varchar = 'sending' THEN now() - ($3 || ' milliseconds')::interval ELSE now() END
         FROM async_commit WHERE id = $1 AND status = 'sending'`,
      [claimed.id, reclaimed ? 'sending' : 'queued', String(this.env.MESSAGE_SENDING_LEASE_MS)],
    );
    return err;
  }

  /** The public unsubscribe page of an email address (marketing footers and List-Unsubscribe). */
  unsubscribeUrls(channel: OutboundChannel, address: string): { page: string; oneClick: string } {
    const token = unsubscribeToken(this.unsubscribeKey, channel, address);
    const base = this.env.PUBLIC_URL.replace(/\/$/, '');
    return { page: `${base}/unsubscribe/${token}`, oneClick: `${base}/api/unsubscribe/${token}` };
  }

  private providerOf(channel: OutboundChannel): { name: string } {
    return channel === 'email' ? this.email : this.sms;
  }

  /**
   * Emails carry a text part (the record's body) and an HTML part derived from it (escaped, line
   * breaks kept, links clickable). Marketing email adds the one-click unsubscribe headers
   * (RFC 8058); its body already holds the unsubscribe link and the postal address.
   */
  private sendEmail(m: ClaimedMessage, attachments: EmailAttachment[] | undefined): Promise<SendOutcome> {
    const headers: Record<string, string> = {};
    if (m.kind === 'marketing') {
      const urls = this.unsubscribeUrls('email', normalizeEmail(m.recipient));
      headers['List-Unsubscribe'] = `<${urls.oneClick}>`;
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    }
    return this.email.send({
      to: m.recipient,
      from: this.env.EMAIL_FROM,
      subject: m.subject ?? '(no subject)',
      text: m.body,
      html: textToHtml(m.body),
      idempotencyKey: m.idempotencyKey,
      ...(Object.keys(headers).length ? { headers } : {}),
      ...(attachments?.length ? { attachments } : {}),
    });
  }

  /** Provider lookup after a crash: the provider's id, or null (not found, or it cannot tell). */
  private async findSent(m: ClaimedMessage, since: Date | undefined): Promise<string | null> {
    const from = since && since < m.firstAttemptAt ? since : m.firstAttemptAt;
    if (m.channel === 'sms') return this.sms.findSent({ to: m.recipient, body: m.body }, from);
    const found = await this.email.findSent(m.idempotencyKey);
    if (found === undefined)
      this.logger.warn(`outbound #${m.id}: SendGrid cannot tell whether the crashed attempt was accepted; sending again`);
    return found ?? null;
  }

  /**
   * Writes an outcome (asynchronous commit, see the class comment). `leaseOver` back-dates
   * updated_at by the lease so a `sending` record can be re-claimed at once.
   */
  private async record(id: number, values: Record<string, unknown>, opts: { leaseOver?: boolean } = {}): Promise<void> {
    const cols = Object.keys(values);
    const sets = cols.map((c, i) => `${snake(c)} = $${i + 2}`).join(', ');
    const updatedAt = opts.leaseOver ? `now() - ($${cols.length + 2} || ' milliseconds')::interval` : 'now()';
    await this.dataSource.query(
      `WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true))
       UPDATE outbound_messages SET ${sets}, updated_at = ${updatedAt} FROM async_commit WHERE id = $1`,
      [id, ...cols.map((c) => values[c]), ...(opts.leaseOver ? [String(this.env.MESSAGE_SENDING_LEASE_MS)] : [])],
    );
  }

  /** `from` (queued, or failed for a retry) → `sending` (or `skipped` when opted out), only while its campaign runs. */
  private async claim(id: number, from: 'queued' | 'failed'): Promise<ClaimedMessage | null> {
    const rows: ClaimedMessage[] = await this.dataSource.query(
      `WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true))
       UPDATE outbound_messages o
          SET status = CASE WHEN s.opted THEN 'skipped' ELSE 'sending' END,
              error = CASE WHEN s.opted THEN $3 ELSE o.error END,
              attempts = o.attempts + CASE WHEN s.opted THEN 0 ELSE 1 END,
              provider = CASE WHEN o.channel = 'email' THEN $2 ELSE $4 END,
              first_attempt_at = coalesce(o.first_attempt_at, now()),
              updated_at = now()
         FROM (SELECT m.id, ${OPTED_OUT} AS opted FROM outbound_messages m WHERE m.id = $1) s, async_commit
        WHERE o.id = s.id AND o.status = $5 AND ${CAMPAIGN_RUNNING}
        ${RETURNING}`,
      [id, this.email.name, OPTED_OUT_REASON, this.sms.name, from],
    );
    return firstRow(rows);
  }

  /** An abandoned `sending` (lease expired) → `sending` again, attempts + 1. */
  private async reclaimAbandoned(id: number): Promise<ClaimedMessage | null> {
    const rows: ClaimedMessage[] = await this.dataSource.query(
      `WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true))
       UPDATE outbound_messages o SET attempts = o.attempts + 1, updated_at = now() FROM async_commit
        WHERE o.id = $1 AND o.status = 'sending' AND o.updated_at <= now() - ($2 || ' milliseconds')::interval
        ${RETURNING}`,
      [id, String(this.env.MESSAGE_SENDING_LEASE_MS)],
    );
    return firstRow(rows);
  }

  private async state(id: number): Promise<{ status: OutboundStatus; campaignStatus: string | null; leaseLeftMs: number } | null> {
    const [row] = await this.dataSource.query(
      `SELECT o.status, c.status AS "campaignStatus",
              GREATEST(0, EXTRACT(EPOCH FROM (o.updated_at + ($2 || ' milliseconds')::interval - now())) * 1000)::int AS "leaseLeftMs"
         FROM outbound_messages o LEFT JOIN campaigns c ON c.id = o.campaign_id WHERE o.id = $1`,
      [id, String(this.env.MESSAGE_SENDING_LEASE_MS)],
    );
    return row ?? null;
  }
}

const firstRow = <T>(result: unknown): T | null => returningRows<T>(result)[0] ?? null;

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Plain text → HTML: escaped (Handlebars' escapeExpression), line breaks kept, http(s) links clickable. */
export function textToHtml(text: string): string {
  const escaped = Handlebars.Utils.escapeExpression(text);
  const linked = escaped.replace(/https?:\/\/(?:[^\s<&]|&amp;|&#x3D;)+/g, (url) => `<a href="${url}">${url}</a>`);
  return `<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5">${linked.replace(/\r?\n/g, '<br>\n')}</div>`;
}
