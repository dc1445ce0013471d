import { z } from 'zod';
import { idText } from './input.ts';

export const paginationSchema = z.object({
  current_page: z.number().int(),
  total_pages: z.number().int(),
  total_records: z.number().int(),
  per_page: z.number().int(),
  // True when total_records is a lower bound: a count stopped at a cap because counting every match would cost
  // what reading every match costs (a broad search over a million orders). Screens then say 'N+'.
  total_capped: z.boolean().optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export function pagination(page: number, perPage: number, total: number, capped = false): Pagination {
  return {
    current_page: page,
    total_pages: Math.max(1, Math.ceil(total / perPage)),
    total_records: total,
    per_page: perPage,
    ...(capped ? { total_capped: true } : {}),
  };
}

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'ILLEGAL_TRANSITION',
  // A change that would take a location past its capacity, refused until the caller confirms it (a move).
  'OVER_CAPACITY',
  // A repeated Idempotency-Key whose first request committed without an answer kept: done, nothing done again.
  'ALREADY_RECORDED',
  // A repeated Idempotency-Key whose first request is still running: ask again later.
  'IN_PROGRESS',
  // Stock names sizes or colours its styles do not have; sent again with the addition confirmed, it is recorded.
  'NEW_VARIANTS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

// Every successful answer. `position` and `projected` come with commands (read-your-writes), and
// `projection_stopped` when a read model that handles the command's events is stopped at an event (why `projected` is
// false); `read_after` too when
// the service reads from a replica (DATABASE_READ_URL): the WAL position a replica must have replayed to show the
// command's effect, which the client sends back on its reads (READ_AFTER_HEADER).
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    data,
    message: z.string().optional(),
    position: z.string().optional(),
    projected: z.boolean().optional(),
    projection_stopped: z.string().optional(),
    read_after: z.string().optional(),
  });
}
export type SuccessEnvelope<T> = {
  success: true;
  data: T;
  message?: string;
  position?: string;
  projected?: boolean;
  projection_stopped?: string;
  read_after?: string;
};

// A read carrying this header (a WAL position from `read_after`, as PostgreSQL writes an LSN: two hex numbers,
// `16/B374D848`) is answered from data at least that recent: from the replica once it has replayed that far, else
// from the primary. Lower case, as Node hands headers over.
export const READ_AFTER_HEADER = 'x-read-after';
export const READ_AFTER_INVALID = 'The X-Read-After header must be a WAL position such as 0/16B3748 (the read_after of an answer)';

// A WAL position (LSN) as one number, to compare; null when the text is not one.
export function parseWalPosition(text: string): bigint | null {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text);
  if (!match) return null;
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

export const idParamsSchema = z.object({ id: idText() });

// Query-string booleans arrive as text.
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
// The header a state-changing call carries so that a retry is answered, not done again (lower case, as Node
// hands headers over).
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
// Every request body that is not an upload (JSON).
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
// The body of a route anyone may call (sign-in): a username and a password fit many times over.
export const MAX_PUBLIC_BODY_BYTES = 16 * 1024;
// Arrays and objects inside one another in a JSON body: the deepest request (verification's discrepancies) has 3.
export const MAX_JSON_DEPTH = 32;

// A projection failing on an event the projector has not got past: the event and the error (its message on one
// line, at most a few hundred characters). The projector tries it again with a growing wait.
export const projectorFailureSchema = z.object({
  message: z.string(),
  position: z.string(),
  transaction_id: z.string(),
  event_type: z.string(),
  projection: z.string().nullable(),
  attempts: z.number().int(),
  failing_since: z.string(),
  last_attempt_at: z.string(),
});
export type ProjectorFailure = z.infer<typeof projectorFailureSchema>;

// A projection stopped at an event it cannot apply while the others go on (services/projector stops.ts): its own
// position, the event and the error (null once a rebuild has taken it past the event and it is catching up). It is
// tried again at every projector start and once a minute, and rejoins the others once it has caught up.
export const projectionStopSchema = z.object({
  projection: z.string(),
  position: z.string(),
  event: z
    .object({ position: z.string(), transaction_id: z.string(), event_type: z.string(), stream_id: z.string() })
    .nullable(),
  message: z.string().nullable(),
  attempts: z.number().int(),
  stopped_since: z.string(),
  last_attempt_at: z.string(),
});
export type ProjectionStop = z.infer<typeof projectionStopSchema>;

// GET /api/ready: the database answers, and how far the projector trails the event store and whether it is stuck on
// an event (the dashboard's System Status card reads it). Still 200 while the projector fails: commands are taken and
// recorded, only the read models wait. A 503 with the failure envelope when the database does not answer.
export const readinessSchema = z.object({
  status: z.literal('ready'),
  database: z.literal('reachable'),
  projector: z.object({
    // failing: retrying an event with a growing wait (failure); stalled: events have waited and the checkpoint has not
    // moved for PROJECTOR_STALLED_MS (a batch that does not finish, a projector that is not running); stopped: the
    // others are current, the projections in `stopped` are not.
    status: z.enum(['ok', 'failing', 'stalled', 'stopped']),
    head_position: z.string(),
    checkpoint_position: z.string(),
    lag_events: z.number().int(),
    checkpoint_updated_at: z.string().nullable(),
    failure: projectorFailureSchema.nullable(),
    stopped: z.array(projectionStopSchema),
  }),
  last_event_at: z.string().nullable(),
  // The streaming replica queries read from (DATABASE_READ_URL), when there is one: whether it answers, and how far
  // its replay trails the primary, in bytes of WAL and in seconds since the last transaction it replayed was committed
  // (0 when it has replayed everything). Unreachable or not, the service stays ready: queries then read the primary.
  replica: z.object({
    configured: z.boolean(),
    reachable: z.boolean().nullable(),
    replay_position: z.string().nullable(),
    lag_bytes: z.number().nullable(),
    lag_seconds: z.number().nullable(),
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;
