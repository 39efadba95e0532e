import { jest } from '@jest/globals';
import { DelayedError } from 'bullmq';
import { Jobs } from '@ironclad/contracts';
import { DeliveryInProgressError } from './message-delivery.service.js';
import { delayIfRetryLater } from '../../platform/queue/job-processor.js';
import { limiterFor } from '../../platform/queue/limiter.js';
import { StaffNotificationsProcessor } from './staff-notifications.processor.js';
import { smsKeyword } from './consent.controller.js';

it('turns a rate per second into a BullMQ limiter window', () => {
  expect(limiterFor(0)).toBeUndefined();
  expect(limiterFor(1)).toEqual({ max: 1, duration: 1000 });
  expect(limiterFor(100)).toEqual({ max: 100, duration: 1000 });
  expect(limiterFor(0.5)).toEqual({ max: 1, duration: 2000 });
  expect(limiterFor(2.5)).toEqual({ max: 5, duration: 2000 });
  expect(limiterFor(0.3)).toEqual({ max: 3, duration: 10_000 });
});

it("recognises Twilio's opt-out and opt-in keywords only as the whole message", () => {
  for (const w of ['STOP', 'stop', ' Stop. ', 'STOPALL', 'unsubscribe', 'CANCEL', 'end', 'QUIT']) expect(smsKeyword(w)).toBe('stop');
  for (const w of ['START', 'yes', 'Unstop']) expect(smsKeyword(w)).toBe('start');
  for (const w of ['please stop calling me', 'yes please', '']) expect(smsKeyword(w)).toBeNull();
});

describe('a delivery already in progress (DeliveryInProgressError)', () => {
  const job = () => ({
    name: Jobs.StaffNotification.name,
    data: { outboundMessageId: 7, kind: 'lead', recordId: 3 },
    opts: { attempts: 5 },
    attemptsMade: 0,
    attemptsStarted: 1,
    timestamp: Date.now(),
    queueName: 'notifications',
    updateProgress: jest.fn(async () => undefined),
    moveToDelayed: jest.fn(async () => undefined),
  });

  it('re-delays the job until the lease ends without using an attempt, in every processor that delivers', async () => {
    const retryAt = Date.now() + 60_000;
    const delivery = {
      deliver: jest.fn(async () => {
        throw new DeliveryInProgressError('being delivered', retryAt);
      }),
    };
    const notifications = new StaffNotificationsProcessor(delivery as never, {} as never, {} as never, {} as never, {} as never);
    const j = job();
    await expect(notifications.process(j as never, 'lock-token')).rejects.toBeInstanceOf(DelayedError);
    expect(j.moveToDelayed).toHaveBeenCalledWith(retryAt, 'lock-token');
    expect(delivery.deliver).toHaveBeenCalledWith(7, expect.objectContaining({ isFinalAttempt: false }));
  });

  it('passes other errors on', async () => {
    const j = job();
    await expect(delayIfRetryLater(j as never, 'lock-token', new Error('boom'))).resolves.toBeUndefined();
    expect(j.moveToDelayed).not.toHaveBeenCalled();
  });
});
