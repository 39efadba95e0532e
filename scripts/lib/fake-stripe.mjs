/**
 * A local fake of Stripe's REST API for tests (never used in production), speaking the parts the
 * product uses:
 *
 * - `POST /v1/payment_intents` (form-encoded, `Authorization: Bearer sk_…`): records amount,
 *   currency, `Idempotency-Key` and the body; the same Idempotency-Key with the same parameters
 *   answers the same intent (Stripe's idempotency), a key reused with any other parameter answers
 *   400 `idempotency_error` like Stripe.
 * - `GET /v1/payment_intents/:id`; `POST /v1/payment_intents/:id/cancel` (status `canceled`, and
 *   the signed `payment_intent.canceled` event, like Stripe).
 * - `POST /v1/payment_intents/:id/confirm` (CORS-enabled, publishable or secret key): what
 *   Stripe.js does from the browser. `payment_method` `pm_card_visa` succeeds,
 *   `pm_card_chargeDeclined` fails with "Your card was declined."; then, like Stripe, the fake
 *   sends the signed `payment_intent.succeeded` / `payment_intent.payment_failed` event to
 *   `webhookUrl` (signature from the stripe SDK's generateTestHeaderString).
 *
 * Test control (not part of Stripe's API; for browser tests that run the fake in another
 * process): `POST /__fake/fail-creates` with JSON `{receiptEmail, status}` makes every
 * PaymentIntent create for that `receipt_email` answer `status` with a Stripe `api_error` until
 * `DELETE /__fake/fail-creates?receiptEmail=…`. Keyed by e-mail so parallel tests do not interfere.
 * `POST /__fake/payment_intents/:id/events` with JSON `{type}` (`payment_intent.processing`,
 * `payment_intent.payment_failed` or `payment_intent.succeeded`) moves the intent to that state and
 * sends the signed event, as `stripe trigger` does (a bank still clearing, a later decline).
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

const stripeSdk = new Stripe('sk_test_fake');

/**
 * @param {{ webhookUrl?: string, webhookSecret?: string, port?: number }} [options]
 */
export async function startFakeStripe(options = {}) {
  /** @type {{ method: string, url: string, headers: http.IncomingHttpHeaders, body: Record<string, string>, idempotencyKey: string | undefined }[]} */
  const requests = [];
  /** @type {Map<string, any>} */
  const intents = new Map();
  /** @type {Map<string, { id: string, params: string }>} */
  const byKey = new Map();
  /** The parameters of a create as Stripe compares them for an idempotent replay (order-free). */
  const paramsOf = (body) => JSON.stringify(Object.entries(body).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  /** @type {{ id: string, type: string, status: number }[]} */
  const deliveredEvents = [];
  const state = { failCreateWith: 0 };
  /** receipt_email (lower case) → HTTP status its PaymentIntent creates answer (test control). */
  const failCreatesFor = new Map();
  let counter = 0;

  const send = (res, status, body, extra = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*', ...extra }).end(JSON.stringify(body));
  };
  const stripeError = (res, status, message, type = 'invalid_request_error') => send(res, status, { error: { type, message } });

  async function deliver(type, intent) {
    if (!options.webhookUrl || !options.webhookSecret) return null;
    const event = {
      id: `evt_${randomBytes(8).toString('hex')}`,
      object: 'event',
      type,
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      data: { object: intent },
      livemode: false,
    };
    const payload = JSON.stringify(event);
    const header = stripeSdk.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    const res = await fetch(options.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
    const delivered = { id: event.id, type, status: res.status };
    deliveredEvents.push(delivered);
    return delivered;
  }

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = Object.fromEntries(new URLSearchParams(raw));
      const url = new URL(req.url ?? '/', 'http://fake');
      const idempotencyKey = /** @type {string | undefined} */ (req.headers['idempotency-key']);
      requests.push({ method: req.method ?? '', url: url.pathname, headers: req.headers, body, idempotencyKey });

      if (req.method === 'OPTIONS') {
        res
          .writeHead(204, {
            'access-control-allow-origin': '*',
            'access-control-allow-headers': 'authorization, content-type',
            'access-control-allow-methods': 'GET, POST',
          })
          .end();
        return;
      }
      if (url.pathname === '/__fake/fail-creates') {
        if (req.method === 'POST') {
          /** @type {{ receiptEmail?: unknown, status?: unknown }} */
          let control = {};
          try {
            control = JSON.parse(raw || '{}');
          } catch {
            control = {};
          }
          const status = Number(control.status);
          if (typeof control.receiptEmail !== 'string' || !Number.isInteger(status) || status < 400 || status > 599) {
            send(res, 400, { error: 'expected {receiptEmail: string, status: 400-599}' });
            return;
          }
          failCreatesFor.set(control.receiptEmail.toLowerCase(), status);
          send(res, 200, { ok: true });
          return;
        }
        if (req.method === 'DELETE') {
          failCreatesFor.delete((url.searchParams.get('receiptEmail') ?? '').toLowerCase());
          send(res, 200, { ok: true });
          return;
        }
      }

      const trigger = url.pathname.match(/^\/__fake\/payment_intents\/([^/]+)\/events$/);
      if (req.method === 'POST' && trigger) {
        const intent = intents.get(trigger[1]);
        /** @type {{ type?: unknown }} */
        let control = {};
        try {
          control = JSON.parse(raw || '{}');
        } catch {
          control = {};
        }
        const transitions = {
          'payment_intent.processing': () => ({ status: 'processing', last_payment_error: null }),
          'payment_intent.succeeded': () => ({ status: 'succeeded', last_payment_error: null }),
          'payment_intent.payment_failed': () => ({
            status: 'requires_payment_method',
            last_payment_error: { code: 'card_declined', message: 'Your card has insufficient funds.', type: 'card_error' },
          }),
        };
        const change = typeof control.type === 'string' && Object.hasOwn(transitions, control.type) ? transitions[control.type] : null;
        if (!intent || !change) {
          send(res, intent ? 400 : 404, {
            error: intent ? `expected {type: ${Object.keys(transitions).join(' | ')}}` : `No such payment_intent: '${trigger[1]}'`,
          });
          return;
        }
        Object.assign(intent, change());
        send(res, 200, { ok: true, delivered: await deliver(control.type, intent) });
        return;
      }

      const auth = req.headers.authorization ?? '';
      const confirm = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)\/confirm$/);
      if (!/^Bearer (sk|pk)_test_/.test(auth) || (!confirm && !auth.startsWith('Bearer sk_test_'))) {
        stripeError(res, 401, 'Invalid API Key provided');
        return;
      }

      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        if (state.failCreateWith) {
          const s = state.failCreateWith;
          state.failCreateWith = 0;
          stripeError(res, s, 'fake failure', 'api_error');
          return;
        }
        const failWith = failCreatesFor.get((body.receipt_email ?? '').toLowerCase());
        if (failWith) {
          stripeError(res, failWith, 'An unexpected error occurred (fake Stripe told to fail for this customer).', 'api_error');
          return;
        }
        const amount = Number(body.amount);
        if (!Number.isInteger(amount) || amount < 50 || !body.currency) {
          stripeError(res, 400, 'Invalid amount or currency');
          return;
        }
        if (amount > 99_999_999) {
          stripeError(res, 400, 'Amount must be no more than $999,999.99', 'invalid_request_error');
          return;
        }
        if (idempotencyKey && byKey.has(idempotencyKey)) {
          const prev = byKey.get(idempotencyKey);
          if (prev.params !== paramsOf(body)) {
            stripeError(
              res,
              400,
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
              'idempotency_error',
            );
            return;
          }
          send(res, 200, intents.get(prev.id), { 'idempotent-replayed': 'true' });
          return;
        }
        counter += 1;
        const id = `pi_fake${counter}${randomBytes(4).toString('hex')}`;
        const metadata = Object.fromEntries(
          Object.entries(body)
            .filter(([k]) => k.startsWith('metadata['))
            .map(([k, v]) => [k.slice(9, -1), v]),
        );
        const intent = {
          id,
          object: 'payment_intent',
          amount,
          currency: body.currency,
          payment_method_types: Object.entries(body)
            .filter(([k]) => k.startsWith('allowed_payment_method_types['))
            .map(([, v]) => v),
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(6).toString('hex')}`,
          description: body.description ?? null,
          receipt_email: body.receipt_email ?? null,
          metadata,
          last_payment_error: null,
          livemode: false,
          created: Math.floor(Date.now() / 1000),
        };
        intents.set(id, intent);
        if (idempotencyKey) byKey.set(idempotencyKey, { id, params: paramsOf(body) });
        send(res, 200, intent);
        return;
      }

      const get = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)$/);
      if (req.method === 'GET' && get) {
        const intent = intents.get(get[1]);
        if (!intent) stripeError(res, 404, `No such payment_intent: '${get[1]}'`);
        else send(res, 200, intent);
        return;
      }

      if (req.method === 'POST' && confirm) {
        const intent = intents.get(confirm[1]);
        if (!intent) {
          stripeError(res, 404, `No such payment_intent: '${confirm[1]}'`);
          return;
        }
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          stripeError(
            res,
            400,
            `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
            'invalid_request_error',
          );
          return;
        }
        const declined = body.payment_method === 'pm_card_chargeDeclined';
        if (declined) {
          intent.status = 'requires_payment_method';
          intent.last_payment_error = { code: 'card_declined', message: 'Your card was declined.', type: 'card_error' };
        } else {
          intent.status = 'succeeded';
          intent.last_payment_error = null;
        }
        send(res, 200, intent);
        await deliver(declined ? 'payment_intent.payment_failed' : 'payment_intent.succeeded', intent).catch((err) =>
          console.error('[fake-stripe] webhook failed', err),
        );
        return;
      }

      const cancel = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/);
      if (req.method === 'POST' && cancel) {
        const intent = intents.get(cancel[1]);
        if (!intent) {
          stripeError(res, 404, `No such payment_intent: '${cancel[1]}'`);
          return;
        }
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          stripeError(
            res,
            400,
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            'invalid_request_error',
          );
          return;
        }
        intent.status = 'canceled';
        intent.cancellation_reason = body.cancellation_reason ?? null;
        send(res, 200, intent);
        await deliver('payment_intent.canceled', intent).catch((err) => console.error('[fake-stripe] webhook failed', err));
        return;
      }

      stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname})`);
    });
  });
  await new Promise((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    requests,
    intents,
    deliveredEvents,
    /** Answer the next create with this HTTP status (e.g. 500). */
    failNextCreate(status) {
      state.failCreateWith = status;
    },
    /** Sets where confirmations send their webhook. */
    setWebhook(webhookUrl, webhookSecret) {
      options.webhookUrl = webhookUrl;
      options.webhookSecret = webhookSecret;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve(undefined));
      }),
  };
}
