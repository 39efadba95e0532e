/**
 * A local fake of SendGrid's v3 Mail Send API (POST /v3/mail/send) for tests: records each
 * request (headers and JSON body), answers 202 with an `X-Message-Id`, or the next status
 * from `failWith` (e.g. [429, 500] then success) so retries can be exercised.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

export interface FakeSendGrid {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Statuses to answer before succeeding, consumed in order. */
  failWith: number[];
  /** Delay before answering each request (ms). */
  delayMs: number;
  close(): Promise<void>;
}

export async function startFakeSendGrid(): Promise<FakeSendGrid> {
  const requests: RecordedRequest[] = [];
  const state = { failWith: [] as number[], delayMs: 0 };
  let counter = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => setTimeout(() => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        /* keep raw */
      }
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.method !== 'POST' || req.url !== '/v3/mail/send') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ message: 'not found' }] }));
        return;
      }
      if (req.headers.authorization !== 'Bearer SG.test-key') {
        res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ message: 'The provided authorization grant is invalid, expired, or revoked' }] }));
        return;
      }
      const status = state.failWith.shift();
      if (status) {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ message: `fake failure ${status}` }] }));
        return;
      }
      counter += 1;
      res.writeHead(202, { 'x-message-id': `fake-msg-${counter}` }).end();
    }, state.delayMs));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    get failWith() {
      return state.failWith;
    },
    set failWith(v: number[]) {
      state.failWith = v;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(v: number) {
      state.delayMs = v;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
