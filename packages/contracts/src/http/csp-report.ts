/**
 * POST /api/csp-report: what browsers send when a page's Content-Security-Policy blocks something
 * (README "Security headers and CSP"). Two formats reach it:
 *
 * - `report-uri` (CSP level 2), `Content-Type: application/csp-report`: one object
 *   `{"csp-report": {"document-uri", "violated-directive", "effective-directive", "blocked-uri", …}}`;
 * - the Reporting API (`report-to`), `Content-Type: application/reports+json`: an array of reports
 *   `{type, age, url, user_agent, body}`, whose `csp-violation` bodies carry `documentURL`,
 *   `effectiveDirective`, `blockedURL`, … (other report types are ignored).
 *
 * Every field is optional (browsers differ) and every text is bounded; unknown fields are kept
 * out. Both become {@link CspViolation}s. The answer is 204 without a body.
 */
import { z } from 'zod';

const text = (max: number) => z.string().max(max).optional();
const count = z.number().int().min(0).max(10_000_000).optional();

/** The `csp-report` object of an `application/csp-report` body (CSP level 2 field names). */
export const legacyCspReportSchema = z.object({
  'document-uri': text(2048),
  referrer: text(2048),
  'violated-directive': text(1024),
  'effective-directive': text(256),
  'original-policy': text(8192),
  disposition: text(32),
  'blocked-uri': text(2048),
  'source-file': text(2048),
  'line-number': count,
  'column-number': count,
  'status-code': count,
  'script-sample': text(1024),
});

/** An `application/csp-report` body. */
export const legacyCspReportBodySchema = z.object({ 'csp-report': legacyCspReportSchema });

/** The body of a Reporting API report of type `csp-violation`. */
export const cspViolationReportBodySchema = z.object({
  documentURL: text(2048),
  referrer: text(2048),
  blockedURL: text(2048),
  effectiveDirective: text(256),
  originalPolicy: text(8192),
  sourceFile: text(2048),
  sample: text(1024),
  disposition: text(32),
  statusCode: count,
  lineNumber: count,
  columnNumber: count,
});

/** One report of an `application/reports+json` body; `body` is read only for `csp-violation`. */
export const reportingApiReportSchema = z.object({
  type: z.string().max(64),
  age: count,
  url: text(2048),
  user_agent: text(1024),
  body: z.unknown().optional(),
});

/** An `application/reports+json` body: at most 100 reports (browsers batch a few). */
export const reportingApiBodySchema = z.array(reportingApiReportSchema).max(100);

/** Either body of POST /api/csp-report. */
export const cspReportRequestSchema = z.union([legacyCspReportBodySchema, reportingApiBodySchema]);
export type CspReportRequest = z.infer<typeof cspReportRequestSchema>;

/** One violation, whichever format reported it (line and column are 1-based, as browsers send them). */
export interface CspViolation {
  documentUrl?: string;
  blockedUrl?: string;
  directive?: string;
  sourceFile?: string;
  line?: number;
  column?: number;
  sample?: string;
  disposition?: string;
}

/**
 * The violations of a POST /api/csp-report body: one for a `report-uri` body, one per
 * `csp-violation` report (whose body parses) of a Reporting API batch.
 */
export function cspViolationsOf(body: CspReportRequest): CspViolation[] {
  if (!Array.isArray(body)) {
    const r = body['csp-report'];
    return [
      {
        documentUrl: r['document-uri'],
        blockedUrl: r['blocked-uri'],
        directive: r['effective-directive'] ?? r['violated-directive'],
        sourceFile: r['source-file'],
        line: r['line-number'],
        column: r['column-number'],
        sample: r['script-sample'],
        disposition: r.disposition,
      },
    ];
  }
  return body.flatMap((report) => {
    if (report.type !== 'csp-violation') return [];
    const parsed = cspViolationReportBodySchema.safeParse(report.body);
    if (!parsed.success) return [];
    const b = parsed.data;
    return [
      {
        documentUrl: b.documentURL ?? report.url,
        blockedUrl: b.blockedURL,
        directive: b.effectiveDirective,
        sourceFile: b.sourceFile,
        line: b.lineNumber,
        column: b.columnNumber,
        sample: b.sample,
        disposition: b.disposition,
      },
    ];
  });
}
