/**
 * The recipients of a new campaign (staff-side.md §7 POST /api/bulk-communication; decisions.md
 * §8, §15), inside the transaction that stores the campaign: the leads matching its filter, one
 * per address (the oldest lead of an address gets it), and one rendered `outbound_messages` row
 * each — `skipped` with the opt-out reason for an address that opted out.
 */
import type { EntityManager } from 'typeorm';
import type { CampaignFilter, CommunicationChannel, CompanyFacts } from '@ironclad/contracts';
import { normalizeEmail, normalizePhone, OPTED_OUT_REASON } from '../messaging/index.js';
import { renderSubject, renderText, templateContext } from './template-renderer.js';

/** Rows per INSERT of recipient records. */
export const RECIPIENT_INSERT_CHUNK = 2000;

/** A lead as a campaign addresses it (snake_case columns as selected). */
interface RecipientLead {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  company: string | null;
  /** bigint, as text. */
  total_estimate_cents: string | null;
}

/** A lead and its normalised address on the campaign's channel. */
export interface CampaignRecipient {
  lead: RecipientLead;
  address: string;
}

/**
 * The leads matching `filter` (status, minValue in whole dollars, createdAfter), oldest first,
 * one per normalised address on `channel`; leads without an address on it are left out.
 */
export async function selectRecipients(
  m: EntityManager,
  channel: CommunicationChannel,
  filter: CampaignFilter,
): Promise<CampaignRecipient[]> {
  const leads: RecipientLead[] = await m.query(
    `SELECT id, first_name, last_name, email, phone, company, total_estimate_cents FROM leads
        WHERE spam_reason IS NULL AND archived_at IS NULL AND ($1::text IS NULL OR status = $1) AND ($2::bigint IS NULL OR total_estimate_cents >= $2) AND ($3::timestamptz IS NULL OR created_at >= $3)
        ORDER BY id`,
    [
      filter.status && filter.status !== 'all' ? filter.status : null,
      filter.minValue !== undefined ? filter.minValue * 100 : null,
      filter.createdAfter ?? null,
    ],
  );
  const seen = new Set<string>();
  const recipients: CampaignRecipient[] = [];
  for (const lead of leads) {
    const address = channel === 'email' ? normalizeEmail(lead.email) : lead.phone ? normalizePhone(lead.phone) : null;
    if (!address || seen.has(address)) continue;
    seen.add(address);
    recipients.push({ lead, address });
  }
  return recipients;
}

/** Appends the SMS opt-out instruction to a marketing SMS that does not mention STOP already. */
export const smsWithOptOut = (text: string) => (/\bSTOP\b/i.test(text) ? text : `${text}\nReply STOP to opt out.`);

/**
 * Renders and stores one marketing message per recipient (`campaign:{campaignId}:lead:{leadId}`
 * idempotency keys), RECIPIENT_INSERT_CHUNK rows per INSERT: an email from `template` with the
 * marketing `footer(address)`, or the SMS `message` with the opt-out instruction.
 */
export async function insertRecipientMessages(
  m: EntityManager,
  recipients: CampaignRecipient[],
  c: {
    campaignId: number;
    channel: CommunicationChannel;
    template: { name: string; subject: string; content: string } | null;
    message: string | null;
    company: CompanyFacts;
    footer: (address: string) => string;
    triggeredBy: string;
  },
): Promise<void> {
  const optedOut = new Set<string>(
    (
      (await m.query('SELECT address FROM communication_opt_outs WHERE channel = $1 AND opted_out AND address = ANY($2)', [
        c.channel,
        recipients.map((r) => r.address),
      ])) as { address: string }[]
    ).map((r) => r.address),
  );
  for (let i = 0; i < recipients.length; i += RECIPIENT_INSERT_CHUNK) {
    const cols = {
      key: [] as string[],
      recipient: [] as string[],
      subject: [] as (string | null)[],
      body: [] as string[],
      status: [] as string[],
      error: [] as (string | null)[],
      lead: [] as number[],
    };
    for (const { lead, address } of recipients.slice(i, i + RECIPIENT_INSERT_CHUNK)) {
      const ctx = templateContext(
        {
          firstName: lead.first_name,
          lastName: lead.last_name,
          company: lead.company,
          email: lead.email,
          phone: lead.phone,
          totalEstimateCents: lead.total_estimate_cents === null ? null : Number(lead.total_estimate_cents),
        },
        c.company,
      );
      const skipped = optedOut.has(address);
      cols.key.push(`campaign:${c.campaignId}:lead:${lead.id}`);
      cols.recipient.push(c.channel === 'email' ? lead.email.trim() : address);
      cols.subject.push(c.template ? renderSubject(c.template.subject, ctx) : null);
      cols.body.push(
        c.template ? `${renderText(c.template.content, ctx)}${c.footer(address)}` : smsWithOptOut(renderText(c.message!, ctx)),
      );
      cols.status.push(skipped ? 'skipped' : 'queued');
      cols.error.push(skipped ? OPTED_OUT_REASON : null);
      cols.lead.push(lead.id);
    }
    await m.query(
      `INSERT INTO outbound_messages (idempotency_key, recipient, subject, body, status, error, lead_id, channel, kind, template, provider, campaign_id, triggered_by)
       SELECT k, r, s, b, st, e, l, $8, 'marketing', $9, 'pending', $10, $11
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[]) AS t(k, r, s, b, st, e, l)`,
      [
        cols.key,
        cols.recipient,
        cols.subject,
        cols.body,
        cols.status,
        cols.error,
        cols.lead,
        c.channel,
        c.template?.name ?? null,
        c.campaignId,
        c.triggeredBy,
      ],
    );
  }
}
