import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
  StreamableFile,
  UseInterceptors,
} from '@nestjs/common';
import type { Request } from 'express';
import {
  INVENTORY_EXPORT_FILENAME,
  inventoryItemBodySchema,
  inventoryListQuerySchema,
  inventoryUploadQuerySchema,
  XLSX_MEDIA_TYPE,
  type ImportApplyResponse,
  type ImportDryRunResponse,
  type InventoryDeleteResponse,
  type InventoryItem,
  type InventoryItemBody,
  type InventoryListQuery,
} from '@ironclad/contracts';
import { CurrentUser } from '../../platform/http/auth/current-user.decorator.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe.js';
import { AuditLogService } from '../staff/index.js';
import { exportWorkbook } from './inventory-excel.js';
import { InventoryImportService } from './inventory-import.service.js';
import { ExcelUploadInterceptor } from './inventory-upload.interceptor.js';
import { InventoryService } from './inventory.service.js';

/**
 * The six inventory calls (staff-side.md §7). Staff only (global StaffGuard): 401 without a
 * session, 403 for a non-admin; writes pass the cross-site check. Money in integer cents.
 */
@Controller('api/inventory')
export class InventoryController {
  constructor(
    private readonly inventory: InventoryService,
    private readonly imports: InventoryImportService,
    private readonly audit: AuditLogService,
  ) {}

  /**
   * GET /api/inventory[?category=cameras|nvr|installation|features|services|all] — the items
   * (InventoryItem[]), active first, then by category (§3 order) and name.
   * @throws 400 VALIDATION_FAILED for an unknown category.
   */
  @Get()
  list(@Query(new ZodValidationPipe(inventoryListQuerySchema)) q: InventoryListQuery): Promise<InventoryItem[]> {
    return this.inventory.list(q);
  }

  /**
   * GET /api/inventory/export-excel — every item as `inventory-export.xlsx` (one sheet, the
   * INVENTORY_COLUMNS header, dollars with a currency format). Audited as `inventory.exported`.
   */
  @Get('export-excel')
  @Header('Cache-Control', 'private, no-store')
  async exportExcel(@CurrentUser() user: SessionUser): Promise<StreamableFile> {
    const items = await this.imports.exportItems();
    const file = await exportWorkbook(items);
    await this.audit.record(null, user, 'inventory.exported', 'inventory', null, { rows: items.length });
    return new StreamableFile(file, {
      type: XLSX_MEDIA_TYPE,
      length: file.length,
      disposition: `attachment; filename="${INVENTORY_EXPORT_FILENAME}"`,
    });
  }

  /**
   * POST /api/inventory — body InventoryItemBody (`unitPrice` in cents); 201 with the stored item.
   * @throws 400 field errors; 409 CONFLICT when the SKU is taken.
   */
  @Post()
  @HttpCode(201)
  create(
    @Body(new ZodValidationPipe(inventoryItemBodySchema)) body: InventoryItemBody,
    @CurrentUser() user: SessionUser,
  ): Promise<InventoryItem> {
    return this.inventory.create(body, user);
  }

  /**
   * PUT /api/inventory/{id} — same body (absent optional fields keep their value); 200 with the item.
   * @throws 400 field errors; 404; 409 CONFLICT when the new SKU is taken.
   */
  @Put(':id')
  update(
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(inventoryItemBodySchema)) body: InventoryItemBody,
    @CurrentUser() user: SessionUser,
  ): Promise<InventoryItem> {
    return this.inventory.update(id, body, user);
  }

  /**
   * DELETE /api/inventory/{id} — deletes an unused item, deactivates one that stored quotes refer
   * to: `{outcome: 'deleted'|'deactivated', references, message}`.
   * @throws 404 when missing.
   */
  @Delete(':id')
  remove(@Param('id', IdParamPipe) id: number, @CurrentUser() user: SessionUser): Promise<InventoryDeleteResponse> {
    return this.inventory.remove(id, user);
  }

  /**
   * POST /api/inventory/upload-excel[?dryRun=true] — multipart, the .xlsx in the field `excel`
   * (at most 5 MB). Dry run: 200 `{summary, rows, ignoredColumns}`, nothing written. Otherwise
   * 200 `{message, summary}` after applying every row in one transaction.
   * @throws 400 for a hostile or unreadable file (not .xlsx, .xls, not a zip, a zip bomb, too many
   *   rows, a cell too long, empty, no data rows, merged or missing headers, a missing required
   *   column), and on apply when any row has an error (nothing written); 413 past 5 MB.
   */
  @Post('upload-excel')
  @HttpCode(200)
  @UseInterceptors(ExcelUploadInterceptor)
  upload(
    @Query(new ZodValidationPipe(inventoryUploadQuerySchema)) q: { dryRun: boolean },
    @Req() req: Request,
    @CurrentUser() user: SessionUser,
  ): Promise<ImportDryRunResponse | ImportApplyResponse> {
    const file = req.file!;
    return q.dryRun ? this.imports.dryRun(file) : this.imports.apply(file, user);
  }
}
