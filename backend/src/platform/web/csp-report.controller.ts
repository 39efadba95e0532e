import { Body, Controller, HttpCode, Logger, Post } from '@nestjs/common';
import { cspReportRequestSchema, cspViolationsOf, type CspReportRequest, type CspViolation } from '@ironclad/contracts';
import { PublicWrite } from '../abuse/index.js';
import { Public } from '../http/auth/public.decorator.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';

/** Longest text of a violation written to the log (characters). */
const LOG_FIELD_MAX = 300;

const clip = (v: string | undefined) => (v === undefined ? '-' : v.length > LOG_FIELD_MAX ? `${v.slice(0, LOG_FIELD_MAX)}…` : v);

/** One log line of a violation: directive, blocked URL, document, source position, sample. */
export function describeViolation(v: CspViolation): string {
  const where = v.sourceFile ? ` at ${clip(v.sourceFile)}:${v.line ?? '?'}:${v.column ?? '?'}` : '';
  const sample = v.sample ? ` sample ${JSON.stringify(clip(v.sample))}` : '';
  const mode = v.disposition && v.disposition !== 'enforce' ? ` (${clip(v.disposition)})` : '';
  return `${clip(v.directive)} blocked ${clip(v.blockedUrl)} on ${clip(v.documentUrl)}${where}${sample}${mode}`;
}

@Controller('api/csp-report')
export class CspReportController {
  private readonly log = new Logger('CSP');

  /**
   * POST /api/csp-report: browsers' reports of Content-Security-Policy violations (security-headers.ts
   * names it in `report-uri` and `Reporting-Endpoints`). Body `application/csp-report` (one
   * `{"csp-report": {…}}`) or `application/reports+json` (an array of Reporting API reports; only
   * `csp-violation` ones are read), at most 64 KiB. Each violation is logged as a warning.
   * 204 without a body; 400 VALIDATION_FAILED for a body of neither shape; 413 over 64 KiB;
   * 429 RATE_LIMITED past RATE_LIMIT_CSP_REPORTS_PER_MINUTE requests per client address (which
   * also bounds the log).
   */
  @Public()
  @PublicWrite('cspReport')
  @Post()
  @HttpCode(204)
  report(@Body(new ZodValidationPipe(cspReportRequestSchema)) body: CspReportRequest): void {
    for (const violation of cspViolationsOf(body)) this.log.warn(describeViolation(violation));
  }
}
