import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { EXPORT_KINDS, ErrorCode, type ExportKind } from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import { CurrentUser } from '../../platform/http/auth/current-user.decorator.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { ExportsService } from './exports.service.js';

/** Staff CSV exports (staff-side.md §9; decisions.md §12). Staff only. */
@Controller('api/exports')
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  /**
   * GET /api/exports/{kind} with kind leads | contacts | all_prospects | comprehensive —
   * a `text/csv; charset=utf-8` attachment named as the spec says. 404 for another kind.
   */
  @Get(':kind')
  async download(@Param('kind') kind: string, @CurrentUser() user: SessionUser, @Res() res: Response): Promise<void> {
    if (!(EXPORT_KINDS as readonly string[]).includes(kind)) throw new ApiError(404, ErrorCode.NotFound, `Unknown export ${kind}`);
    const file = await this.exports.build(kind as ExportKind, user);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(file.body);
  }
}
