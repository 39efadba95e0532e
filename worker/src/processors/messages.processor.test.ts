import { limiterFor } from './messages.processor.js';
import { smsKeyword } from '@ironclad/backend/modules/communications/consent.controller.js';

it('turns a rate per second into a BullMQ limiter window', () => {
  expect(limiterFor(0)).toBeUndefined();
  expect(limiterFor(1)).toEqual({ max: 1, duration: 1000 });
  expect(limiterFor(100)).toEqual({ max: 100, duration: 1000 });
  expect(limiterFor(0.5)).toEqual({ max: 1, duration: 2000 });
  expect(limiterFor(2.5)).toEqual({ max: 5, duration: 2000 });
  expect(limiterFor(0.3)).toEqual({ max: 3, duration: 10_000 });
});

it('recognises Twilio\'s opt-out and opt-in keywords only as the whole message', () => {
  for (const w of ['STOP', 'stop', ' Stop. ', 'STOPALL', 'unsubscribe', 'CANCEL', 'end', 'QUIT']) expect(smsKeyword(w)).toBe('stop');
  for (const w of ['START', 'yes', 'Unstop']) expect(smsKeyword(w)).toBe('start');
  for (const w of ['please stop calling me', 'yes please', '']) expect(smsKeyword(w)).toBeNull();
});
