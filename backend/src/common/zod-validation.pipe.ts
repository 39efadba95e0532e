import { Injectable, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { validationError } from './api-error.js';

/**
 * Validates a body/query/param with a shared zod schema; answers 400 VALIDATION_FAILED with the
 * field errors on failure. Usage: `@Body(new ZodValidationPipe(createContactSchema))`.
 */
@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const result = this.schema.safeParse(value ?? {});
    if (!result.success) throw validationError(result.error);
    return result.data;
  }
}
