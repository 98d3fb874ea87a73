import type { ApiError, ApiErrorCode, ApiFieldError } from '@tradein/contract';

/**
 * An error a handler throws to answer with a 4xx (or 503) and the error body of the contract.
 * Its message is shown to the client, so it must never carry internal detail.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: ApiErrorCode;
  readonly fields: ApiFieldError[] | undefined;

  constructor(statusCode: number, code: ApiErrorCode, message: string, fields?: ApiFieldError[]) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.fields = fields;
  }
}

/** The error body of the contract. */
export function apiError(code: ApiErrorCode, message: string, fields?: ApiFieldError[]): ApiError {
  return fields === undefined ? { error: { code, message } } : { error: { code, message, fields } };
}
