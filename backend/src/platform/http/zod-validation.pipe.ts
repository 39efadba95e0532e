import { Injectable, type PipeTransform } from '@nestjs/common';
import { ErrorCode } from '@ironclad/contracts';
import type { z } from 'zod';
import { ApiError, validationError } from './api-error.js';
import { nulFieldErrors } from './nul-text.js';

/**
 * Validates a body/query/param with a shared zod schema; answers 400 VALIDATION_FAILED with the
 * field errors on failure, also for any text holding U+0000 (which PostgreSQL cannot store or
 * compare, see nulFieldErrors). Usage: `@Body(new ZodValidationPipe(createContactSchema))`.
 */
@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const nul = nulFieldErrors(value);
    if (nul) throw new ApiError(400, ErrorCode.ValidationFailed, `Invalid input: ${Object.keys(nul).join(', ')}`, { fieldErrors: nul });
    const result = this.schema.safeParse(value ?? {});
    if (!result.success) throw validationError(result.error);
    return result.data;
  }
}
