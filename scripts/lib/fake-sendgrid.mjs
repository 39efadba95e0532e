/**
 * A local fake of SendGrid's v3 API for tests and benches (never used in production):
 *
 * - `POST /v3/mail/send` (JSON, `Authorization: Bearer SG.test-key` unless `apiKey` says
 *   otherwise): records each request (headers and JSON body) and answers 202 with an
 *   `X-Message-Id`, or an injected failure: the next status of `failWith` (consumed in order), or
 *   whatever `decide(body)` answers (a status, or null to accept).
 * - `GET /v3/messages?query=unique_args['idempotency_key']="…"` (the Email Activity API): the
 *   accepted message sent with that custom arg, so crash recovery can be exercised.
 *
 * `delayFor(body)` may answer a delay (ms) for one send instead of `delayMs`: the send is accepted
 * when that delay ends, even if the client stopped waiting (a timeout whose send went through).
 *
 * Outage modes (issue 26): `outage(ms, status = 503, retryAfter?)` answers every Mail Send with
 * `status` (and a `Retry-After` header when given) for the next `ms`; `refuse()` closes the port so
 * connections are refused until `restore()` listens on it again.
 *
 * `accepted` counts accepted sends per idempotency key and `acceptedTo` per recipient: a
 * duplicate send shows as a count of 2.
 */
import http from 'node:http';

export async function startFakeSendGrid({ apiKey = 'SG.test-key', record = true } = {}) {
  const requests = [];
  const accepted = new Map();
  const acceptedTo = new Map();
  const byKey = new Map();
  const state = { failWith: [], delayMs: 0, decide: null, delayFor: null, total: 0, outageUntil: 0, outageStatus: 503, retryAfter: null };
  let counter = 0;
  const json = (res, status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body = raw;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        /* keep raw */
      }
      const delay = (req.method === 'POST' && state.delayFor ? state.delayFor(body) : null) ?? state.delayMs;
      setTimeout(() => answer(body), delay);
    });
    const answer = (body) => {
      if (record) requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, at: Date.now() });
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        return json(res, 401, { errors: [{ message: 'The provided authorization grant is invalid, expired, or revoked' }] });
      }
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'GET' && url.pathname === '/v3/messages') {
        const key = /unique_args\['idempotency_key'\]="([^"]*)"/.exec(url.searchParams.get('query') ?? '')?.[1];
        const id = key ? byKey.get(key) : undefined;
        return json(res, 200, { messages: id ? [{ msg_id: id, status: 'delivered' }] : [] });
      }
      if (req.method !== 'POST' || url.pathname !== '/v3/mail/send') return json(res, 404, { errors: [{ message: 'not found' }] });
      state.total += 1;
      const down = Date.now() < state.outageUntil ? state.outageStatus : null;
      const status = down ?? state.failWith.shift() ?? (state.decide ? state.decide(body) : null);
      if (status) {
        if (state.retryAfter !== null && status === 429) res.setHeader('retry-after', String(state.retryAfter));
        return json(res, status, { errors: [{ message: `fake failure ${status}` }] });
      }
      counter += 1;
      const id = `fake-msg-${counter}`;
      const key = body?.custom_args?.idempotency_key;
      if (key) {
        accepted.set(key, (accepted.get(key) ?? 0) + 1);
        byKey.set(key, id);
      }
      for (const p of body?.personalizations ?? [])
        for (const to of p.to ?? []) acceptedTo.set(to.email, (acceptedTo.get(to.email) ?? 0) + 1);
      res.writeHead(202, { 'x-message-id': id }).end();
    };
  });
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  let listening = true;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    accepted,
    acceptedTo,
    /** Mail Send requests received (accepted or failed). */
    get total() {
      return state.total;
    },
    get failWith() {
      return state.failWith;
    },
    set failWith(v) {
      state.failWith = v;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(v) {
      state.delayMs = v;
    },
    get decide() {
      return state.decide;
    },
    set decide(v) {
      state.decide = v;
    },
    get delayFor() {
      return state.delayFor;
    },
    set delayFor(v) {
      state.delayFor = v;
    },
    /** Answers `status` (503) to every Mail Send for `ms`; a 429 carries `Retry-After: retryAfter` (seconds) when given. */
    outage(ms, status = 503, retryAfter = null) {
      state.outageUntil = Date.now() + ms;
      state.outageStatus = status;
      state.retryAfter = retryAfter;
    },
    /** Ends an outage started with `outage` now. */
    recover() {
      state.outageUntil = 0;
      state.retryAfter = null;
    },
    /** Stops listening: connections are refused until `restore()`. */
    refuse: () =>
      new Promise((resolve) => {
        listening = false;
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
    /** Listens on the same port again. */
    restore: () =>
      new Promise((resolve) => {
        listening = true;
        server.listen(port, '127.0.0.1', resolve);
      }),
    close: () =>
      new Promise((resolve) => {
        if (!listening) return resolve();
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
