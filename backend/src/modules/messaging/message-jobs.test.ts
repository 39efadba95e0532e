import { jitteredBackoff } from '../../platform/queue/limiter.js';
import { messageJobId, staffNotificationJobId } from './message-jobs.js';

describe('jitteredBackoff', () => {
  it('stays within [½·d, d] with d = base·2^(attempt-1), capped', () => {
    expect(jitteredBackoff(1, 1000, 60_000, () => 0)).toBe(500);
    expect(jitteredBackoff(1, 1000, 60_000, () => 1)).toBe(1000);
    expect(jitteredBackoff(4, 1000, 60_000, () => 0.5)).toBe(6000);
    expect(jitteredBackoff(20, 1000, 60_000, () => 1)).toBe(60_000);
  });

  it('spreads retries of jobs that failed together', () => {
    const delays = new Set(Array.from({ length: 50 }, () => jitteredBackoff(3, 1000, 60_000)));
    expect(delays.size).toBeGreaterThan(40);
  });
});

it('message job ids are deterministic per record and generation, never bare integers, never with ":"', () => {
  expect(messageJobId(42)).toBe('msg-42');
  expect(messageJobId(42, 3)).toBe('msg-42-g3');
});

it('staff notification job ids are UUIDs, deterministic per record, and depend on the secret key', () => {
  const key = Buffer.alloc(32, 1);
  const id = staffNotificationJobId(key, 42);
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(staffNotificationJobId(key, 42)).toBe(id);
  expect(staffNotificationJobId(key, 43)).not.toBe(id);
  expect(staffNotificationJobId(Buffer.alloc(32, 2), 42)).not.toBe(id);
});
