/**
 * Express-level pieces that run before Nest's router: request ids, the JSON body parser (with a
 * size limit) and the handler that turns body-parser failures into the API's 400/413 bodies.
 */
import { randomUUID } from 'node:crypto';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { ErrorCode, type ApiErrorBody } from '@ironclad/contracts';

/** Largest JSON body accepted, in bytes (2 MiB): room for a 1 MB field to get a clear 400 from zod. */
export const JSON_BODY_LIMIT = '2mb';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,100}$/;

/** The request id of a request: its `X-Request-Id` header when sane (8–100 of `A-Za-z0-9._-`), else a new UUID. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

/** Sets `req.id` from a sane `X-Request-Id` header or a new UUID, and echoes it in the response. */
export const requestId: RequestHandler = (req, res, next) => {
  const id = requestIdFor(req.headers['x-request-id']);
  (req as typeof req & { id: string }).id = id;
  res.setHeader('X-Request-Id', id);
  next();
};

/** JSON body parser. Only `application/json` bodies are parsed; `raw` keeps bytes for webhooks. */
export const jsonBody = express.json({
  limit: JSON_BODY_LIMIT,
  verify: (req, _res, buf) => {
    (req as typeof req & { rawBody?: Buffer }).rawBody = buf;
  },
});

/** Media types of browsers' CSP violation reports: `report-uri` (CSP 2) and the Reporting API (`report-to`). */
export const CSP_REPORT_TYPES = ['application/csp-report', 'application/reports+json'];

/** CSP violation reports (POST /api/csp-report): JSON under their own media types, at most 64 KiB. */
export const cspReportBody = express.json({ type: CSP_REPORT_TYPES, limit: '64kb' });

/** URL-encoded form bodies (provider webhooks, one-click unsubscribe), at most 64 KiB. */
export const formBody = express.urlencoded({ extended: false, limit: '64kb' });

/** Answers body-parser errors (malformed JSON, too large, bad charset) with the API's error body. */
export const bodyParserErrors: ErrorRequestHandler = (err, req, res, next) => {
  const type = (err as { type?: string }).type;
  const id = (req as typeof req & { id?: string }).id;
  let body: ApiErrorBody | undefined;
  if (type === 'entity.parse.failed') {
    body = { statusCode: 400, code: ErrorCode.MalformedJson, message: 'Malformed JSON body.', requestId: id };
  } else if (type === 'entity.too.large') {
    body = { statusCode: 413, code: ErrorCode.PayloadTooLarge, message: `Body larger than ${JSON_BODY_LIMIT}.`, requestId: id };
  } else if (
    type === 'encoding.unsupported' ||
    type === 'charset.unsupported' ||
    type === 'request.aborted' ||
    type === 'request.size.invalid'
  ) {
    body = { statusCode: 400, code: ErrorCode.ValidationFailed, message: String((err as Error).message), requestId: id };
  }
  if (!body) return next(err);
  body.error = body.message;
  res.status(body.statusCode).json(body);
};
