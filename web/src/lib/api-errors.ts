// Pure rules for turning an HTTP answer into the message a user reads (spec section 8).
// Kept free of fetch and DOM so they can be unit-tested.

export const NETWORK_ERROR_MESSAGE = 'Unable to connect to server. Please check your connection.';
// Spec section 8: the order list and verify calls word their failures their own way.
export const ORDERS_NETWORK_ERROR_MESSAGE = 'Network error - please check your connection';
export const ORDERS_UNAUTHORIZED_MESSAGE = 'Authentication failed';
export const UPLOAD_ORDERS_AUTH_MESSAGE = 'Authentication required. Please log in to upload orders.';
export const AUTH_REQUIRED_MESSAGE = 'Authentication required';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

export interface FieldIssue {
  field: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: FieldIssue[];
  /** The failure envelope's `data`, when it has one (an upload with nothing to import still reports its rows). */
  readonly data: unknown;

  constructor(message: string, status: number, code?: string, details: FieldIssue[] = [], data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.data = data;
  }
}

export type ParsedBody = { kind: 'json'; value: unknown } | { kind: 'empty' } | { kind: 'text' };

export function parseBody(text: string): ParsedBody {
  if (text.trim() === '') return { kind: 'empty' };
  try {
    return { kind: 'json', value: JSON.parse(text) };
  } catch {
    return { kind: 'text' };
  }
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Message from error.message, else message, else the call's default, else 'HTTP {status}'. */
export function errorFromResponse(
  status: number,
  statusText: string,
  body: ParsedBody,
  defaultMessage?: string,
): ApiError {
  if (body.kind === 'text') return new ApiError(`Server error: ${status} ${statusText}`.trim(), status);
  const root = body.kind === 'json' ? asRecord(body.value) : undefined;
  const error = asRecord(root?.error);
  const message =
    nonEmptyString(error?.message) ?? nonEmptyString(root?.message) ?? defaultMessage ?? `HTTP ${status}`;
  const code = nonEmptyString(error?.code);
  const details = Array.isArray(error?.details)
    ? error.details.flatMap((d): FieldIssue[] => {
        const r = asRecord(d);
        const field = nonEmptyString(r?.field);
        const msg = nonEmptyString(r?.message);
        return field && msg ? [{ field, message: msg }] : [];
      })
    : [];
  return new ApiError(message, status, code, details, root?.data);
}

/** True when a 2xx answer still reports failure in its envelope. */
export function isFailureEnvelope(body: ParsedBody): boolean {
  return body.kind === 'json' && asRecord(body.value)?.success === false;
}

/** First message per field, for forms. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const d of error.details) out[d.field] ??= d.message;
  return out;
}

export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
