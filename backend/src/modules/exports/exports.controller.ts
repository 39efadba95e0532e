import { pipeline } from 'node:stream/promises';
import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { EXPORT_KINDS, ErrorCode, exportFileParamsSchema, type ExportFile, type ExportKind, type ExportStarted } from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import { CurrentUser } from '../../platform/http/auth/current-user.decorator.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe.js';
import { ExportsService, publicExport } from './exports.service.js';

/** The export kind of a path, or 404 NOT_FOUND. */
function exportKind(kind: string): ExportKind {
  if (!(EXPORT_KINDS as readonly string[]).includes(kind)) throw new ApiError(404, ErrorCode.NotFound, `Unknown export ${kind}`);
  return kind as ExportKind;
}

/** Staff CSV exports (staff-side.md §9; decisions.md §12; issue 27). Staff only (the StaffGuard). */
@Controller('api/exports')
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  /**
   * POST /api/exports/{kind} with kind leads | contacts | all_prospects | comprehensive — starts
   * the export as a job and answers 202 at once: `{export: ExportFile, job: {id, queue:
   * 'exports'}}`. Watch the job over Socket.IO (`job:watch`, progress `{rows, total}`); once it
   * completes, `export.downloadUrl` (GET /api/exports/files/{id}) gives the file for 24 h.
   * 404 for another kind; 503 when the queue cannot take the job.
   */
  @Post(':kind')
  @HttpCode(202)
  start(@Param('kind') kind: string, @CurrentUser() user: SessionUser): Promise<ExportStarted> {
    return this.exports.start(exportKind(kind), user);
  }

  /**
   * GET /api/exports/files/{id} — the stored export `ExportFile` (status, rows, bytes, expiry,
   * `downloadUrl` once done). 400 for an id that is not a UUID, 404 for an unknown one.
   */
  @Get('files/:id')
  async file(@Param(new ZodValidationPipe(exportFileParamsSchema)) { id }: { id: string }): Promise<ExportFile> {
    return publicExport(await this.exports.get(id));
  }

  /**
   * GET /api/exports/files/{id}/download — the stored CSV as a `text/csv; charset=utf-8`
   * attachment under its file name, streamed from the store; each download is audited
   * (`export.download`). 400 for a malformed id, 404 unknown, 409 CONFLICT not done yet,
   * 410 GONE after its 24 h expiry.
   */
  @Get('files/:id/download')
  async download(
    @Param(new ZodValidationPipe(exportFileParamsSchema)) { id }: { id: string },
    @CurrentUser() user: SessionUser,
    @Res() res: Response,
  ): Promise<void> {
    const { file, body } = await this.exports.openDownload(id, user);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
    res.setHeader('Content-Length', String(file.bytes));
    res.setHeader('Cache-Control', 'no-store');
    await pipeline(body, res);
  }

  /**
   * GET /api/exports/{kind} with kind leads | contacts | all_prospects | comprehensive — the file
   * itself, streamed from a database cursor as it is written: a `text/csv; charset=utf-8`
   * attachment named as the spec says; audited. 404 for another kind. The app's Export buttons use
   * the job (POST) instead; this stays for scripts and small sets.
   */
  @Get(':kind')
  async downloadNow(@Param('kind') kind: string, @CurrentUser() user: SessionUser, @Res() res: Response): Promise<void> {
    await this.exports.streamTo(exportKind(kind), user, res, (filename) => {
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
      res.setHeader('Cache-Control', 'no-store');
    });
  }
}
