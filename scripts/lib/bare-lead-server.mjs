#!/usr/bin/env node
/**
 * The baseline of `npm run bench:scale`: the least a server can do for `POST /api/leads` — bare
 * `node:http`, `pg` and BullMQ, none of the product's framework, validation, sessions, bot
 * defences or events — doing the same writes as the api for a lead without server pricing:
 *
 *   1. one transaction: the `leads` row (the columns the api writes: names, email, phone, company,
 *      address, building_info, budget, timeline, specific_areas, additional_features, status `new`,
 *      source) and its staff notification in `outbound_messages` (idempotency key
 *      `staff-notification:lead:{id}`, channel email, status queued, provider pending);
 *   2. the same job: `StaffNotification {outboundMessageId, kind: 'lead', recordId}` on the
 *      `notifications` queue with a random job id and the product's default job options;
 *   3. 201 with the lead, the job reference and `depositToken: null` as JSON.
 *
 * Anything but `POST /api/leads` answers 404; a body that is not JSON with an `email` string, 400.
 * Environment: PORT, DATABASE_URL, REDIS_URL, QUEUE_PREFIX, STAFF_NOTIFICATION_EMAIL (the
 * product's variables, same meaning). Prints `listening on <port>` when ready; stops on SIGTERM.
 * Never used by the product: a yardstick only.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { requireFrom } from './paths.mjs';

const pg = requireFrom('backend', 'pg');
const { Queue } = requireFrom('backend', 'bullmq');

const port = Number(process.env.PORT ?? 0);
const staffEmail = process.env.STAFF_NOTIFICATION_EMAIL ?? 'office@ironcladsecurity.example';
// the api's pool size (postgresOptions: max 10) and queue defaults (QueueModule)
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const queue = new Queue('notifications', {
  connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
  prefix: process.env.QUEUE_PREFIX ?? 'bare',
  defaultJobOptions: {
    attempts: 5,
    backoff: { type: 'exponential', delay: 1000 },
    removeOnComplete: { age: 24 * 3600, count: 10_000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  },
});

const str = (v) => (typeof v === 'string' && v !== '' ? v : null);

async function createLead(b) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const {
      rows: [lead],
    } = await client.query(
      `INSERT INTO leads (first_name, last_name, email, phone, company, address, building_info, budget, timeline,
                          specific_areas, additional_features, status, source)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'new', $12)
       RETURNING id, first_name, last_name, email, phone, company, address, building_info, ai_recommendation,
                 total_estimate_cents, budget, timeline, specific_areas, additional_features, status, source, created_at, updated_at`,
      [
        str(b.firstName),
        str(b.lastName),
        b.email,
        str(b.phone),
        str(b.company),
        str(b.address),
        b.buildingInfo ?? {},
        str(b.budget),
        str(b.timeline),
        str(b.specificAreas),
        Array.isArray(b.additionalFeatures) ? b.additionalFeatures : [],
        str(b.source) ?? 'unknown',
      ],
    );
    const name = [lead.first_name, lead.last_name].filter(Boolean).join(' ') || lead.email;
    const {
      rows: [outbound],
    } = await client.query(
      `INSERT INTO outbound_messages (idempotency_key, channel, recipient, template, subject, body, provider, status, lead_id, triggered_by, kind)
       VALUES ($1, 'email', $2, 'staff_new_lead', $3, $4, 'pending', 'queued', $5, 'system', 'transactional') RETURNING id`,
      [
        `staff-notification:lead:${lead.id}`,
        staffEmail,
        `New lead (${lead.source}): ${name}`,
        `A new lead arrived from ${lead.source}.\n\nName: ${name}\nEmail: ${lead.email}\nPhone: ${lead.phone}\nReceived: ${lead.created_at.toISOString()}`,
        lead.id,
      ],
    );
    await client.query('COMMIT');
    return { lead, outboundId: outbound.id };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/api/leads') return res.writeHead(404).end();
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', async () => {
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      body = null;
    }
    if (typeof body?.email !== 'string') return res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"email"}');
    try {
      const { lead, outboundId } = await createLead(body);
      const job = await queue.add(
        'StaffNotification',
        { outboundMessageId: outboundId, kind: 'lead', recordId: lead.id },
        { jobId: randomUUID() },
      );
      res
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ lead, notificationJob: { id: job.id, queue: 'notifications' }, depositToken: null }));
    } catch (err) {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: err.message }));
    }
  });
});

server.listen(port, '127.0.0.1', () => console.log(`listening on ${server.address().port}`));
process.on('SIGTERM', () => {
  server.close();
  Promise.allSettled([queue.close(), pool.end()]).then(() => process.exit(0));
});
