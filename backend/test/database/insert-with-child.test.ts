/**
 * insertWithChild (platform/database/insert-returning.ts): a lead and the record that names it,
 * stored by one statement — both or neither.
 */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/app/data-source-options.js';
import { insertWithChild } from '../../src/platform/database/insert-returning.js';
import { LeadRecord } from '../../src/modules/leads/lead.entity.js';
import { OutboundMessageRecord } from '../../src/modules/messaging/outbound-message.entity.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';

let db: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  db = await createTestDatabase();
  ds = new DataSource(dataSourceOptions(db.url));
  await ds.initialize();
});

afterAll(async () => {
  await ds?.destroy();
  await db?.drop();
});

const lead = (email: string): Partial<LeadRecord> => ({
  email,
  buildingInfo: { type: 'residential', squareFootage: '1200' },
  additionalFeatures: ['Smart locks'],
  status: 'new',
  source: 'unknown',
});
const message = (channel: string): Partial<OutboundMessageRecord> =>
  ({
    channel,
    recipient: 'staff@example.com',
    template: 't',
    subject: 's',
    body: 'b',
    provider: 'pending',
    status: 'queued',
  }) as Partial<OutboundMessageRecord>;
const child = (channel: string) => ({
  target: OutboundMessageRecord,
  values: message(channel),
  parentIdInto: 'leadId' as const,
  parentIdPrefixed: { idempotencyKey: 'note:lead:' },
});

it('stores the parent, hydrated as a find would, and the child naming its id', async () => {
  const { parent, childId } = await insertWithChild(ds.manager, LeadRecord, lead('both@example.com'), child('email'));
  const found = await ds.getRepository(LeadRecord).findOneByOrFail({ id: parent.id });
  expect(parent).toEqual(found);
  const stored = await ds.getRepository(OutboundMessageRecord).findOneByOrFail({ id: childId! });
  expect(stored).toMatchObject({ leadId: parent.id, idempotencyKey: `note:lead:${parent.id}`, channel: 'email', body: 'b' });
});

it('stores neither when the child breaks a constraint', async () => {
  await expect(insertWithChild(ds.manager, LeadRecord, lead('neither@example.com'), child('pigeon'))).rejects.toThrow(
    /CHK_outbound_messages_channel/,
  );
  expect(await ds.getRepository(LeadRecord).countBy({ email: 'neither@example.com' })).toBe(0);
});

it('skips a child whose unique key exists, and still stores the parent', async () => {
  const first = await insertWithChild(ds.manager, LeadRecord, lead('dup1@example.com'), child('email'));
  // the next parent's child key (`note:lead:{its id}`) is taken beforehand: the child is skipped
  const nextId = first.parent.id + 1;
  await ds.query(
    `INSERT INTO outbound_messages (idempotency_key, channel, recipient, body, provider, status) VALUES ($1, 'email', 'x@example.com', 'b', 'pending', 'queued')`,
    [`note:lead:${nextId}`],
  );
  const second = await insertWithChild(ds.manager, LeadRecord, lead('dup2@example.com'), child('email'));
  expect(second.parent.id).toBe(nextId);
  expect(second.childId).toBeNull();
});
