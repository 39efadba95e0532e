/**
 * The recipients of a campaign (staff-side.md §7 POST /api/bulk-communication; decisions.md §8,
 * §15; issue 27 point 2), resolved by the worker one batch of leads at a time: the leads matching
 * its filter up to the newest lead when it was created, one per address (the oldest lead of an
 * address gets it), and one rendered `outbound_messages` row each — `skipped` with the opt-out
 * reason for an address that opted out.
 *
 * Each batch is one transaction that also advances the campaign's `audience_cursor`, and each
 * recipient's idempotency key is `campaign:{id}:to:{address}` (unique): a worker killed in the
 * middle resumes from the cursor, and even a batch run twice stores no recipient twice.
 */
import type { EntityManager } from 'typeorm';
import type { CampaignFilter, CommunicationChannel, CompanyFacts } from '@ironclad/contracts';
import { returningRows } from '../../platform/database/returning-rows.js';
import { normalizeEmail, normalizePhone, OPTED_OUT_REASON } from '../messaging/index.js';
import { renderSubject, renderText, templateContext } from './template-renderer.js';

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

/** What a batch of the audience needs to know of its campaign. */
export interface AudienceCampaign {
  campaignId: number;
  channel: CommunicationChannel;
  filter: CampaignFilter;
  /** Leads with a greater id (created after the campaign) are not in its audience. */
  maxLeadId: number;
  /** Email template as stored with the campaign (email campaigns), else null. */
  template: { name: string; subject: string; content: string } | null;
  /** The SMS text (SMS campaigns), else null. */
  message: string | null;
  company: CompanyFacts;
  /** The marketing footer of an email to `address` (unsubscribe link, postal address). */
  footer: (address: string) => string;
  /** Staff email of the creator, or 'system'. */
  triggeredBy: string;
}

/** Idempotency key of a campaign's message to a normalised address: one per address per campaign. */
export const campaignRecipientKey = (campaignId: number, address: string) => `campaign:${campaignId}:to:${address}`;

/** Appends the SMS opt-out instruction to a marketing SMS that does not mention STOP already. */
export const smsWithOptOut = (text: string) => (/\bSTOP\b/i.test(text) ? text : `${text}\nReply STOP to opt out.`);

/**
 * Stores the recipients of the next `limit` audience leads after lead id `after` (filter: status,
 * minValue in whole dollars → cents, createdAfter; not spam, not archived; id ≤ maxLeadId), inside
 * the caller's transaction `m`. Opt-outs are looked up in the same INSERT … SELECT.
 * @returns the last lead id read (null when no lead is left) and the recipient rows inserted
 *   (rows whose key already existed — an address met in an earlier batch — are not counted).
 */
export async function storeAudienceBatch(
  m: EntityManager,
  c: AudienceCampaign,
  after: number,
  limit: number,
): Promise<{ lastLeadId: number | null; stored: number }> {
  const leads: RecipientLead[] = await m.query(
    `SELECT id, first_name, last_name, email, phone, company, total_estimate_cents FROM leads
        WHERE id > $1 AND id <= $2 AND spam_reason IS NULL AND archived_at IS NULL
          AND ($3::text IS NULL OR status = $3) AND ($4::bigint IS NULL OR total_estimate_cents >= $4) AND ($5::timestamptz IS NULL OR created_at >= $5)
        ORDER BY id LIMIT $6`,
    [
      after,
      c.maxLeadId,
      c.filter.status && c.filter.status !== 'all' ? c.filter.status : null,
      c.filter.minValue !== undefined ? c.filter.minValue * 100 : null,
      c.filter.createdAfter ?? null,
      limit,
    ],
  );
  if (!leads.length) return { lastLeadId: null, stored: 0 };
  const cols = {
    key: [] as string[],
    recipient: [] as string[],
    address: [] as string[],
    subject: [] as (string | null)[],
    body: [] as string[],
    lead: [] as number[],
  };
  const seen = new Set<string>();
  for (const lead of leads) {
    const address = c.channel === 'email' ? normalizeEmail(lead.email) : lead.phone ? normalizePhone(lead.phone) : null;
    if (!address || seen.has(address)) continue;
    seen.add(address);
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
    cols.key.push(campaignRecipientKey(c.campaignId, address));
    cols.recipient.push(c.channel === 'email' ? lead.email.trim() : address);
    cols.address.push(address);
    cols.subject.push(c.template ? renderSubject(c.template.subject, ctx) : null);
    cols.body.push(c.template ? `${renderText(c.template.content, ctx)}${c.footer(address)}` : smsWithOptOut(renderText(c.message!, ctx)));
    cols.lead.push(lead.id);
  }
  const inserted = returningRows<{ id: number }>(
    await m.query(
      `INSERT INTO outbound_messages (idempotency_key, recipient, subject, body, status, error, lead_id, channel, kind, template, provider, campaign_id, triggered_by)
       SELECT t.k, t.r, t.s, t.b, CASE WHEN o.id IS NULL THEN 'queued' ELSE 'skipped' END, CASE WHEN o.id IS NULL THEN NULL ELSE $7 END,
              t.l, $8, 'marketing', $9, 'pending', $10, $11
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[]) WITH ORDINALITY AS t(k, r, a, s, b, l, n)
         LEFT JOIN communication_opt_outs o ON o.channel = $8 AND o.opted_out AND o.address = t.a
        ORDER BY t.n
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING id`,
      [
        cols.key,
        cols.recipient,
        cols.address,
        cols.subject,
        cols.body,
        cols.lead,
        OPTED_OUT_REASON,
        c.channel,
        c.template?.name ?? null,
        c.campaignId,
        c.triggeredBy,
      ],
    ),
  );
  return { lastLeadId: leads[leads.length - 1]!.id, stored: inserted.length };
}
