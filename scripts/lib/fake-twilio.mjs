/**
 * A local fake of Twilio's Programmable Messaging REST API for tests and benches (never used in
 * production), speaking what the `twilio` SDK sends:
 *
 * - `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` (form-encoded To, From, Body; HTTP basic
 *   auth AccountSid:AuthToken): answers 201 with the Message resource (`sid` SM…), or an injected
 *   failure — the next entry of `failWith` (consumed in order), or what `decide(params)` answers —
 *   as Twilio's error JSON {code, message, more_info, status}. Injections are a status (e.g. 429,
 *   503) or {status, code, message} (e.g. 400 / 21211 invalid 'To' number).
 * - `GET /2010-04-01/Accounts/{AccountSid}/Messages.json?To=&From=&PageSize=`: the accepted
 *   messages, newest first, as a Twilio list page (what crash recovery asks), or the next injected
 *   failure of `failListWith`.
 *
 * `delayFor(params)` may answer a delay (ms) for one create instead of `delayMs`: the message is
 * accepted when that delay ends, even if the client stopped waiting (a timeout that went through).
 *
 * `acceptedTo` counts accepted messages per `To`: a duplicate send shows as a count of 2.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';

export const FAKE_TWILIO_SID = 'ACfaketwilio00000000000000000000000';
export const FAKE_TWILIO_TOKEN = 'fake-twilio-auth-token';

const INVALID_TO = { status: 400, code: 21211, message: "The 'To' number is not a valid phone number." };

export async function startFakeTwilio({ accountSid = FAKE_TWILIO_SID, authToken = FAKE_TWILIO_TOKEN } = {}) {
  const messages = [];
  const acceptedTo = new Map();
  const state = { failWith: [], failListWith: [], delayMs: 0, decide: null, delayFor: null, total: 0, outageUntil: 0, outageStatus: 503 };
  const base = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
  const json = (res, status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const error = (res, f) => {
    const e =
      typeof f === 'number'
        ? { status: f, code: f === 429 ? 20429 : 20500, message: f === 429 ? 'Too Many Requests' : 'Service unavailable' }
        : f;
    json(res, e.status, { code: e.code, message: e.message, more_info: `https://www.twilio.com/docs/errors/${e.code}`, status: e.status });
  };
  const resource = (m) => ({
    sid: m.sid,
    account_sid: accountSid,
    to: m.to,
    from: m.from,
    body: m.body,
    status: 'queued',
    direction: 'outbound-api',
    date_created: m.dateCreated.toUTCString(),
    date_updated: m.dateCreated.toUTCString(),
    date_sent: null,
    num_segments: '1',
    error_code: null,
    error_message: null,
    price: null,
    price_unit: 'USD',
    api_version: '2010-04-01',
    uri: `${base.replace('.json', '')}/${m.sid}.json`,
  });
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const delay = (req.method === 'POST' && state.delayFor ? state.delayFor(params) : null) ?? state.delayMs;
      setTimeout(() => answer(params), delay);
    });
    const answer = (params) => {
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return error(res, { status: 401, code: 20003, message: 'Authenticate' });
      const url = new URL(req.url ?? '/', 'http://fake');
      if (url.pathname !== base) return error(res, { status: 404, code: 20404, message: 'The requested resource was not found' });
      if (req.method === 'GET') {
        const listFailure = state.failListWith.shift();
        if (listFailure) return error(res, listFailure);
        const to = url.searchParams.get('To');
        const from = url.searchParams.get('From');
        const size = Number(url.searchParams.get('PageSize') ?? 50);
        const list = messages
          .filter((m) => (!to || m.to === to) && (!from || m.from === from))
          .reverse()
          .slice(0, size)
          .map(resource);
        return json(res, 200, {
          messages: list,
          uri: `${base}?PageSize=${size}&Page=0`,
          first_page_uri: `${base}?PageSize=${size}&Page=0`,
          next_page_uri: null,
          previous_page_uri: null,
          page: 0,
          page_size: size,
          start: 0,
          end: Math.max(0, list.length - 1),
        });
      }
      if (req.method !== 'POST') return error(res, { status: 405, code: 20004, message: 'Method not allowed' });
      state.total += 1;
      const down = Date.now() < state.outageUntil ? state.outageStatus : null;
      const fail = down ?? state.failWith.shift() ?? (state.decide ? state.decide(params) : null);
      if (fail) return error(res, fail);
      if (!/^\+[1-9]\d{9,14}$/.test(params.To ?? '')) return error(res, INVALID_TO);
      const m = {
        sid: `SM${randomBytes(16).toString('hex')}`,
        to: params.To,
        from: params.From,
        body: params.Body ?? '',
        dateCreated: new Date(),
      };
      messages.push(m);
      acceptedTo.set(m.to, (acceptedTo.get(m.to) ?? 0) + 1);
      json(res, 201, resource(m));
    };
  });
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages,
    acceptedTo,
    /** Message create requests received (accepted or failed). */
    get total() {
      return state.total;
    },
    get failWith() {
      return state.failWith;
    },
    set failWith(v) {
      state.failWith = v;
    },
    get failListWith() {
      return state.failListWith;
    },
    set failListWith(v) {
      state.failListWith = v;
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
    /** Answers `status` (default 503) to every create for the next `ms` (outage mode, issue 26). */
    outage(ms, status = 503) {
      state.outageUntil = Date.now() + ms;
      state.outageStatus = status;
    },
    /** Ends an outage now. */
    recover() {
      state.outageUntil = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
