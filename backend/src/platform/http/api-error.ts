/**
 * Typed HTTP errors with the API's error body `{statusCode, code, message, details?, requestId}`
 * (architecture.md "Conventions").
 */
import { HttpException } from '@nestjs/common';
import { ErrorCode, type FieldErrors } from '@ironclad/contracts';
import type { ZodError } from 'zod';

export class ApiError extends HttpException {
  constructor(
    status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: { fieldErrors: FieldErrors },
  ) {
    super({ statusCode: status, code, message, details }, status);
  }
}

/** Field errors of a ZodError, keyed by dot-joined path (`_` for the whole body). */
export function fieldErrorsOf(error: ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    let message = issue.message;
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) (out[[...issue.path, k].join('.')] ??= []).push('Unknown field.');
      continue;
    }
    if (issue.code === 'invalid_type' && key === '_') message = 'Body must be a JSON object.';
    (out[key] ??= []).push(message);
  }
  return out;
}

/** 400 VALIDATION_FAILED from a ZodError; the message names the offending fields. */
export function validationError(error: ZodError): ApiError {
  const fieldErrors = fieldErrorsOf(error);
  const fields = Object.keys(fieldErrors).filter((k) => k !== '_');
  const message = fields.length ? `Invalid input: ${fields.join(', ')}` : (fieldErrors._?.[0] ?? 'Invalid input');
  return new ApiError(400, ErrorCode.ValidationFailed, message, { fieldErrors });
}
