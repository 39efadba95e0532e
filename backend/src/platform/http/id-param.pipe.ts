import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { ErrorCode, MAX_RECORD_ID } from '@ironclad/contracts';
import { ApiError } from './api-error.js';

/**
 * Parses a route parameter that is a record id (`serial` key): digits only, 1 … MAX_RECORD_ID.
 * Anything else (`abc`, `1.5`, `-1`, `99999999999`) answers 400 VALIDATION_FAILED with the
 * parameter's field error, instead of reaching PostgreSQL (where an id beyond the integer range
 * is an error, i.e. a 500). Usage: `@Param('id', IdParamPipe) id: number`.
 */
@Injectable()
export class IdParamPipe implements PipeTransform<unknown, number> {
  transform(value: unknown, metadata: ArgumentMetadata): number {
    const text = typeof value === 'string' ? value : String(value);
    const id = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
    if (Number.isInteger(id) && id >= 1 && id <= MAX_RECORD_ID) return id;
    const field = metadata.data ?? 'id';
    throw new ApiError(400, ErrorCode.ValidationFailed, `Invalid input: ${field}`, {
      fieldErrors: { [field]: [`Must be a whole number from 1 to ${MAX_RECORD_ID}.`] },
    });
  }
}
