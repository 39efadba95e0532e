#!/usr/bin/env node
/**
 * The page baseline of `npm run bench:hot`: the least a server can do to serve a prerendered
 * page — bare `node:http` sending the HTML of PAGE_FILE, gzip-compressed once at start, to every
 * `GET /` that accepts gzip (the plain HTML otherwise). Anything else answers 404.
 * Environment: PORT, PAGE_FILE. Prints `listening on <port>` when ready; stops on SIGTERM.
 * Never used by the product: a yardstick only.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const html = readFileSync(process.env.PAGE_FILE);
const gzipped = gzipSync(html);

const server = http.createServer((req, res) => {
  if (req.method !== 'GET' || req.url !== '/') return res.writeHead(404).end();
  const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  res
    .writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': gzip ? gzipped.length : html.length,
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      vary: 'Accept-Encoding',
    })
    .end(gzip ? gzipped : html);
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => console.log(`listening on ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
