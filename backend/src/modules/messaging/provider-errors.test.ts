import { parseRetryAfter } from '../../platform/providers/provider-error.js';
import { toProviderError } from './email-provider.js';
import { twilioError } from './sms-provider.js';

/** How SendGrid (@sendgrid/client) and Twilio (twilio SDK) failures are classified. */
describe('provider error classification', () => {
  const sendgridHttp = (code: number) =>
    Object.assign(new Error('Bad Request'), { code, response: { body: { errors: [{ message: 'Does not contain a valid address.' }] } } });
  const twilioHttp = (status: number, code: number) =>
    Object.assign(new Error("The 'To' number is not a valid phone number."), { status, code });
  const network = (code: string, message: string) => Object.assign(new Error(message), { code });

  it("a 4xx that will not change fails at once with the provider's reason", () => {
    expect(toProviderError(sendgridHttp(400))).toMatchObject({
      retryable: false,
      outcomeUnknown: false,
      statusCode: 400,
      message: 'SendGrid 400: Does not contain a valid address.',
    });
    expect(twilioError(twilioHttp(400, 21211))).toMatchObject({
      retryable: false,
      outcomeUnknown: false,
      message: "Twilio 400: The 'To' number is not a valid phone number. (code 21211)",
    });
  });

  it('429 and 5xx are retried (nothing was accepted)', () => {
    for (const code of [429, 500, 503]) {
      expect(toProviderError(sendgridHttp(code))).toMatchObject({ retryable: true, outcomeUnknown: false });
      expect(twilioError(twilioHttp(code, 20429))).toMatchObject({ retryable: true, outcomeUnknown: false });
    }
  });

  it('a timeout or dropped connection is retried only after asking the provider (its outcome is unknown)', () => {
    for (const err of [
      network('ECONNABORTED', 'timeout of 2000ms exceeded'),
      network('ECONNRESET', 'socket hang up'),
      network('ETIMEDOUT', 'connect ETIMEDOUT'),
    ]) {
      expect(toProviderError(err)).toMatchObject({ retryable: true, outcomeUnknown: true });
      expect(twilioError(err)).toMatchObject({ retryable: true, outcomeUnknown: true });
    }
  });

  it('a request that never left (connection refused, DNS) is plainly retried', () => {
    for (const err of [
      network('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1'),
      network('ENOTFOUND', 'getaddrinfo ENOTFOUND api.sendgrid.com'),
    ]) {
      expect(toProviderError(err)).toMatchObject({ retryable: true, outcomeUnknown: false });
      expect(twilioError(err)).toMatchObject({ retryable: true, outcomeUnknown: false });
    }
  });

  it("SendGrid's 429 carries its Retry-After (seconds or HTTP date)", () => {
    const limited = Object.assign(new Error('Too Many Requests'), { code: 429, response: { headers: { 'retry-after': '30' }, body: {} } });
    expect(toProviderError(limited)).toMatchObject({ retryable: true, statusCode: 429, retryAfterMs: 30_000 });
    expect(parseRetryAfter(new Date(Date.UTC(2026, 0, 1, 0, 1)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(60_000);
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

  it('Twilio 21211 (invalid number) and 21610 (unsubscribed recipient) are permanent, whatever the status', () => {
    expect(twilioError(twilioHttp(400, 21610))).toMatchObject({ retryable: false, message: expect.stringContaining('(code 21610)') });
    expect(twilioError(twilioHttp(500, 21211))).toMatchObject({ retryable: false });
    expect(twilioError(twilioHttp(400, 21408))).toMatchObject({ retryable: false });
  });

  it('a 408 is transient; unverified sender (403) and bad request (400) are not', () => {
    expect(toProviderError(sendgridHttp(408))).toMatchObject({ retryable: true });
    expect(toProviderError(sendgridHttp(403))).toMatchObject({ retryable: false, statusCode: 403 });
  });
});
