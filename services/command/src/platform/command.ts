import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type Kysely, type Transaction } from 'kysely';
import { preparedOnce, type Database } from '@wh/db';
import { EVENTS } from '@wh/contracts';
import type { AppContext } from './app-context.ts';
import {
  appendToStreams,
  concurrencyExhausted,
  isRetryableRace,
  type AppendOptions,
  type AppendResult,
  type EventMetadata,
  type Executor,
  type NewEvent,
  type StreamAppend,
} from './event-store.ts';
import { metadataOf, ok } from './http.ts';

// The one way a command runs, whatever it changes (one order, a user, a style, a receipt, a bin-allocation sheet, an
// adjustment, a location, an upload of thousands of orders):
//   read    what the decision needs, and nothing else: its streams folded into state, registry rows, stock counts,
//           new ids. In the command's transaction when it `locks` (rows it locks are held until the append
//           commits), else on the pool: the append's (stream_id, stream_version) key is what makes such a decision
//           safe, so a transaction around the read would add only statements. It neither writes nor refuses.
//   decide  a pure function of those facts: the events per stream, each at the version it was decided on, or a
//           domain error.
//   append  every stream's events with what goes with them (`appendWith`: the command-side writes they imply, a
//           guard the statement checks first), by the event store's one append (event-store.ts appendToStreams),
//           which picks the cheapest way to write them: one autocommitted statement when nothing goes with them.
// A lost race (a taken stream version, a deadlock, a registry row another writer claimed, `retryOn`) is read and
// decided again from fresh state after a short jittered back-off, up to MAX_TRIES times, then answers 409.

export type { Executor };

export interface Decider<S, E extends NewEvent> {
  initialState: () => S;
  evolve: (state: S, event: E) => S;
}

// What a decision produces: the events to append and what the command answers.
export interface Decision<R, E extends NewEvent = NewEvent> {
  appends: StreamAppend<E>[];
  result: R;
}

interface CommandSteps<F, R, E extends NewEvent> {
  // Pure: no I/O. May yield to the event loop between slices of a big upload (mapInTurns).
  decide: (facts: F) => Decision<R, E> | Promise<Decision<R, E>>;
  // What goes with this decision's events (event-store.ts AppendOptions); nothing when absent.
  appendWith?: (decision: Decision<R, E>, facts: F) => AppendOptions;
  // Widens what counts as a lost race (a unique registry row another writer inserted first).
  retryOn?: (error: unknown) => boolean;
}

export type Command<F, R, E extends NewEvent = NewEvent> = CommandSteps<F, R, E> &
  ({ locks: true; read: (trx: Transaction<Database>) => Promise<F> } | { locks?: false; read: (db: Executor) => Promise<F> });

// What every command answers: its result, and the (transaction, position) of the last event written, for
// read-your-writes (null when nothing was decided).
export interface CommandOutcome<R> {
  result: R;
  append: AppendResult | null;
}

// What of the app a command uses: the primary database, the clock, and the session cache (which keeps users for a
// second and is cleared by user commands).
export type CommandContext = Pick<AppContext, 'db' | 'now' | 'sessionCache'>;

// Every feature's command has this one signature: the app, what the request asks, who asks; routes run it with
// answerCommand or runForRequest (below).
export type CommandHandler<I, R> = (ctx: CommandContext, input: I, metadata: EventMetadata) => Promise<CommandOutcome<R>>;

export const MAX_TRIES = 5;
// The first retry waits up to this long, each further one twice as long (full jitter): racing writers spread out
// instead of meeting again on the same row.
const BACKOFF_BASE_MS = 4;

// How long to wait before try `attempt + 1`, `random` in [0, 1).
export function backoffMs(attempt: number, random: number = Math.random()): number {
  return Math.floor(random * BACKOFF_BASE_MS * 2 ** (attempt - 1));
}

export async function runCommand<F, R, E extends NewEvent>(db: Kysely<Database>, command: Command<F, R, E>, metadata: EventMetadata): Promise<CommandOutcome<R>> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (command.locks) {
        const { read } = command;
        return await db.transaction().execute((trx) => once(trx, command, () => read(trx), metadata));
      }
      const { read } = command;
      return await once(db, command, () => read(db), metadata);
    } catch (error) {
      const raced = isRetryableRace(error) || (command.retryOn?.(error) ?? false);
      if (!raced) throw error;
      if (attempt >= MAX_TRIES) throw concurrencyExhausted();
      const wait = backoffMs(attempt);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

async function once<F, R, E extends NewEvent>(db: Executor, command: CommandSteps<F, R, E>, read: () => Promise<F>, metadata: EventMetadata): Promise<CommandOutcome<R>> {
  const facts = await read();
  const decision = await command.decide(facts);
  const append = await appendToStreams(db, decision.appends, metadata, command.appendWith?.(decision, facts));
  return { result: decision.result, append };
}

// Facts a decision will need, read with the stream instead of in a round trip of their own (a pick's stock
// holders): `expression` (evaluated once) builds them from `values`, its parameters in order, and `key` names its
// shape, so the statement is compiled once a process (preparedOnce).
export interface Prefetch<P> {
  key: string;
  values: readonly unknown[];
  expression: () => Expression<P>;
}

// What a command on one stream answers: the state before and after, and the new events.
export interface StreamResult<S, E extends NewEvent> {
  before: S;
  state: S;
  events: E[];
}

// A command on one stream: fold it, decide on the state, append at the version read. `facts` gathers what the
// decision needs once the state is known (a pick's stock holders when the prefetch missed them).
export interface StreamCommand<S, E extends NewEvent, P, F> {
  streamId: string;
  decider: Decider<S, E>;
  prefetch?: Prefetch<P>;
  facts?: (db: Executor, state: S, prefetched: P | null) => Promise<F>;
  decide: (state: S, facts: F) => E[];
  appendWith?: (result: StreamResult<S, E>) => AppendOptions;
}

interface StreamFacts<S, F> {
  version: number;
  state: S;
  facts: F;
}

// The Command for one stream, read on the pool.
export function onStream<S, E extends NewEvent, P = never, F = undefined>(
  c: StreamCommand<S, E, P, F>,
): Command<StreamFacts<S, F>, StreamResult<S, E>, E> {
  return {
    read: async (db) => {
      const { history, prefetched } = await readForDecision<E, P>(db, c.streamId, c.prefetch);
      const state = history.reduce(c.decider.evolve, c.decider.initialState());
      const facts = c.facts ? await c.facts(db, state, prefetched) : (undefined as F);
      return { version: history.length, state, facts };
    },
    decide: ({ version, state, facts }) => {
      const events = c.decide(state, facts);
      return {
        appends: [{ streamId: c.streamId, expectedVersion: version, events }],
        result: { before: state, state: events.reduce(c.decider.evolve, state), events },
      };
    },
    ...(c.appendWith ? { appendWith: ({ result }) => c.appendWith!(result) } : {}),
  };
}

// What a decision needs of a stream: its events' types and data in order (positions, metadata and times are the
// projections' business, and parsing them is most of the statement's cost in the service), and the prefetched
// facts on the first row.
async function readForDecision<E extends NewEvent, P>(
  db: Executor,
  streamId: string,
  prefetch: Prefetch<P> | undefined,
): Promise<{ history: E[]; prefetched: P | null }> {
  const compile = () =>
    db
      .selectFrom('events')
      .select((eb) => [
        'event_type',
        'schema_version',
        'data',
        eb.case().when('stream_version', '=', eb.lit(1)).then(prefetch ? prefetch.expression() : sql<P>`null`).end().as('prefetched'),
      ])
      .where('stream_id', '=', streamId)
      .orderBy('stream_version')
      .compile();
  const { rows } = await db.executeQuery(
    prefetch ? preparedOnce(`command.stream.${prefetch.key}`, [...prefetch.values, streamId], compile) : preparedOnce('command.stream', [streamId], compile),
  );
  // The events table holds only what this stream's decider produced; an older version is upcast to today's shape.
  const history = rows.map((r) => ({ type: r.event_type, data: EVENTS.upcast(r.event_type, r.schema_version, r.data) }) as E);
  return { history, prefetched: (rows[0]?.prefetched as P | null | undefined) ?? null };
}

// Many streams read in one go (an upload touching thousands of styles), each folded: stream id -> version and state.
export async function foldStreams<S, E extends NewEvent>(
  db: Executor,
  decider: Decider<S, E>,
  streamIds: readonly string[],
): Promise<Map<string, { version: number; state: S }>> {
  const folded = new Map<string, { version: number; state: S }>();
  const distinct = [...new Set(streamIds)];
  for (let i = 0; i < distinct.length; i += STREAMS_PER_READ) {
    const part = distinct.slice(i, i + STREAMS_PER_READ);
    const rows = await db
      .selectFrom('events')
      .select(['stream_id', 'event_type', 'schema_version', 'data'])
      .where('stream_id', 'in', part)
      .orderBy('stream_id')
      .orderBy('stream_version')
      .execute();
    for (const row of rows) {
      const seen = folded.get(row.stream_id) ?? { version: 0, state: decider.initialState() };
      folded.set(row.stream_id, { version: seen.version + 1, state: decider.evolve(seen.state, { type: row.event_type, data: EVENTS.upcast(row.event_type, row.schema_version, row.data) } as E) });
    }
  }
  for (const id of distinct) if (!folded.has(id)) folded.set(id, { version: 0, state: decider.initialState() });
  return folded;
}

// Bound parameters per read stay well under PostgreSQL's 65535.
const STREAMS_PER_READ = 5000;

// `count` new values of a sequence, ascending, as one int[] row (a row per id costs the driver more than the server).
export async function nextIds(db: Executor, sequence: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await sql<{ ids: number[] }>`
    select array_agg(nextval(${sequence}::regclass)::int) as ids from generate_series(1, ${count})`.execute(db);
  return rows[0]!.ids.sort((a, b) => a - b);
}

// What a command's answer carries besides its data: read-your-writes (AppContext.afterCommit).
export type AfterCommit = Awaited<ReturnType<AppContext['afterCommit']>>;

export interface RunOptions<R> {
  // How many events the command wrote, when a bulk write gives the projector more than a command's worth of work.
  events?: (result: R) => number;
  // The request's metadata changed (a sign-in's actor is the user signing in).
  metadata?: (metadata: EventMetadata) => EventMetadata;
  // What follows the command before the answer waits for the read models (a signed-out session's sockets closed).
  settled?: (result: R) => unknown;
}

// Runs a command for a request: its metadata from the request, the command, then the wait until the projector has
// applied its events (bounded).
export async function runForRequest<I, R>(
  ctx: AppContext,
  request: FastifyRequest,
  handler: CommandHandler<I, R>,
  input: I,
  options: RunOptions<R> = {},
): Promise<CommandOutcome<R> & { extra: AfterCommit }> {
  const metadata = metadataOf(request);
  const outcome = await handler(ctx, input, options.metadata ? options.metadata(metadata) : metadata);
  await options.settled?.(outcome.result);
  const extra = await ctx.afterCommit(outcome.append, options.events ? { events: options.events(outcome.result) } : undefined);
  return { ...outcome, extra };
}

// Every command route's answer: the command run for the request, then its data as the screens will read it
// (`projected` false: the read models do not show it yet, so the data comes from the command's own result) with
// its message and the read-your-writes fields.
export async function answerCommand<I, R, T>(
  ctx: AppContext,
  request: FastifyRequest,
  handler: CommandHandler<I, R>,
  input: I,
  answer: RunOptions<R> & {
    data: (result: R, projected: boolean | undefined) => T | Promise<T>;
    message: string | ((result: R, data: T) => string);
  },
) {
  const { result, extra } = await runForRequest(ctx, request, handler, input, answer);
  const data = await answer.data(result, extra.projected);
  const message = typeof answer.message === 'string' ? answer.message : answer.message(result, data);
  return ok(data, { message, ...extra });
}
