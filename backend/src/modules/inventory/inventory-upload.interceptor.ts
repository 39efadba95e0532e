import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { ErrorCode, INVENTORY_IMPORT_LIMITS } from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';

/** Multipart field of the workbook (staff-side.md §7 "file field named excel"). */
export const EXCEL_FIELD = 'excel';

const MAX_MB = Math.round(INVENTORY_IMPORT_LIMITS.maxFileBytes / (1024 * 1024));

/**
 * Receives the upload of POST /api/inventory/upload-excel with multer, in memory, before the
 * handler runs: one file in the field `excel`, at most INVENTORY_IMPORT_LIMITS.maxFileBytes
 * (multer stops reading past it). Answers 413 for a larger file and 400 for a missing file, a
 * file in another field, or a malformed multipart body.
 */
@Injectable()
export class ExcelUploadInterceptor implements NestInterceptor {
  private readonly upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: INVENTORY_IMPORT_LIMITS.maxFileBytes, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
  }).single(EXCEL_FIELD);

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    await new Promise<void>((resolve, reject) => {
      this.upload(req, res, (err: unknown) => (err ? reject(toApiError(err)) : resolve()));
    });
    if (!req.file) {
      throw new ApiError(
        400,
        ErrorCode.ValidationFailed,
        `No file: send the workbook as multipart/form-data in the field "${EXCEL_FIELD}".`,
      );
    }
    return next.handle();
  }
}

function toApiError(err: unknown): ApiError {
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') {
      return new ApiError(413, ErrorCode.PayloadTooLarge, `The file is larger than ${MAX_MB} MB: at most ${MAX_MB} MB can be uploaded.`);
    }
    if (err.code === 'LIMIT_UNEXPECTED_FILE') {
      return new ApiError(400, ErrorCode.ValidationFailed, `Send one workbook, in the form field "${EXCEL_FIELD}".`);
    }
    return new ApiError(400, ErrorCode.ValidationFailed, `The upload was refused: ${err.message}.`);
  }
  return new ApiError(400, ErrorCode.ValidationFailed, `The upload could not be read: ${(err as Error).message}.`);
}
