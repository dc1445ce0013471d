import type { ErrorCode } from '@wh/contracts';

export interface ErrorDetail {
  field: string;
  message: string;
}

// A domain error is a value with a code and an HTTP status; one handler turns it into the envelope.
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) =>
  new DomainError('VALIDATION_FAILED', 400, message, details);
export const unauthenticated = (message = 'Authentication required') => new DomainError('UNAUTHENTICATED', 401, message);
export const forbidden = (message = 'You do not have permission to do this') => new DomainError('FORBIDDEN', 403, message);
export const notFound = (message: string) => new DomainError('NOT_FOUND', 404, message);
export const conflict = (message: string) => new DomainError('CONFLICT', 409, message);
export const illegalTransition = (message: string) => new DomainError('ILLEGAL_TRANSITION', 409, message);
export const unprocessable = (message: string) => new DomainError('UNPROCESSABLE', 422, message);
export const rateLimited = (message: string) => new DomainError('RATE_LIMITED', 429, message);
// Not 'try again': a connection lost while a commit was on its way may still have saved the change. The web app's
// own retries carry the action's Idempotency-Key and are safe; a person checks first.
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. If you were saving a change, check whether it was recorded before trying again.';
export const unavailable = (message = UNAVAILABLE_MESSAGE) =>
  new DomainError('UNAVAILABLE', 503, message);

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
