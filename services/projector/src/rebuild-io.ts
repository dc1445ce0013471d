import { StringDecoder } from 'node:string_decoder';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import type { PostgresCursor, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { StoredEvent } from '@wh/contracts';
import { toStoredEvent } from '@wh/db';

// The rebuild's bulk input and output: COPY into the shadow read models on the rebuild's own connection, and the
// events read by a second connection, streamed while the previous batch is applied.

// COPY ... FROM STDIN on the rebuild's connection. Rows are text-format lines built with `copyLine`.
//
// `copy` only queues: a table's lines are gathered until there are a few megabytes of them, then sent as one COPY
// after the statements already queued on the connection. The caller goes on meanwhile, so the server ingests one
// batch's rows on one core while this process parses and applies the next on the other. `flush` sends what is
// gathered; `settled` waits for everything sent and throws the first failure; `backlog` waits while more than `limit`
// characters are sent but not yet written (memory stays bounded).
export interface RebuildIo {
  copy(table: string, columns: readonly string[], lines: Iterable<string>): void;
  // A whole table at once (a rebuilder's `finish`): `lines` is read as the server takes the rows, so no more than
  // the backlog's worth of them is in memory.
  copyAll(table: string, columns: readonly string[], lines: Iterable<string>): Promise<void>;
}

export interface RebuildWriter extends RebuildIo {
  flush(): void;
  settled(): Promise<void>;
  backlog(limit: number): Promise<void>;
  // The first COPY that failed: what the rebuild fails with (statements after it may fail only because of it).
  readonly failure: unknown;
  // The rebuild's other statements on the connection (a Kysely dialect's client's `query`): each runs after the COPYs
  // queued before it, so it sees the rows copied before it was issued.
  readonly query: PostgresPoolClient['query'];
}

// One COPY per this many characters of a table's rows: large enough that a statement's overhead does not count, small
// enough that the server starts on them while the next batch is applied. And small enough that a COPY's rows fit in
// the socket's buffers at once: each COPY commits on its own and holds a transaction id, and with it every projector
// on the server, until its last row is in; rows left waiting for this process to send them (while it applies the next
// batch) would keep the COPY open for as long as that batch takes.
const COPY_CHUNK = 1 << 20;

// Characters of COPY rows sent but not yet written past which `copyAll` (and the rebuild's apply loop) waits.
export const BACKLOG = 64 << 20;

export function copyInto(client: pg.ClientBase): RebuildWriter {
  // Everything on the connection, COPYs and statements, one after the other in the order issued (the driver's own
  // queue for a busy client is deprecated).
  let tail: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => {});
    return run;
  };
  const gathered = new Map<string, { table: string; columns: readonly string[]; parts: string[]; length: number }>();
  const sent: { length: number; done: Promise<void> }[] = [];
  let failure: unknown;
  const send = (table: string, columns: readonly string[], parts: readonly string[], length: number) => {
    const target = `${pg.escapeIdentifier(table)} (${columns.map((c) => pg.escapeIdentifier(c)).join(', ')})`;
    const done = serial(
      () =>
        new Promise<void>((resolve, reject) => {
          const stream = client.query(copyStreams.from(`copy ${target} from stdin`));
          stream.on('finish', resolve);
          stream.on('error', reject);
          // Written at once: the stream holds them until the server accepts the COPY, then hands them all to the
          // socket, which sends them as the server reads without this process's code having to run in between.
          for (const part of parts) stream.write(part);
          stream.end();
        }),
    );
    done.catch((e: unknown) => {
      failure ??= e;
    });
    sent.push({ length, done });
  };
  const sendGathered = (key: string) => {
    const g = gathered.get(key);
    if (!g) return;
    gathered.delete(key);
    send(g.table, g.columns, g.parts, g.length);
  };
  const gather = (key: string, table: string, columns: readonly string[], part: string) => {
    let g = gathered.get(key);
    if (!g) gathered.set(key, (g = { table, columns, parts: [], length: 0 }));
    g.parts.push(part);
    g.length += part.length;
    if (g.length >= COPY_CHUNK) sendGathered(key);
  };
  const settle = async (keep: number) => {
    let pending = sent.reduce((n, s) => n + s.length, 0);
    while (sent.length > 0 && pending > keep) {
      const first = sent.shift()!;
      await first.done.catch(() => {});
      pending -= first.length;
    }
    if (failure !== undefined) throw failure;
  };
  function query<R>(text: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query(text: unknown, parameters?: readonly unknown[]): never {
    // Kysely's cursor form (streamed selects) is not offered: the rebuild does not stream through Kysely.
    if (typeof text !== 'string') throw new Error('the rebuild connection does not stream selects');
    // The driver's result is Kysely's PostgresQueryResult for whatever row type the caller expects.
    return serial(() => client.query(text, [...(parameters ?? [])])) as never;
  }
  return {
    copy(table, columns, lines) {
      const key = `${table}(${columns.join(',')})`;
      for (const part of partsOf(lines)) gather(key, table, columns, part);
    },
    async copyAll(table, columns, lines) {
      const key = `${table}(${columns.join(',')})`;
      for (const part of partsOf(lines)) {
        gather(key, table, columns, part);
        // Just sent (the gathered part reached a COPY's worth): wait for the server before reading more rows.
        if (!gathered.has(key)) await settle(BACKLOG);
      }
      sendGathered(key);
    },
    flush() {
      for (const key of [...gathered.keys()]) sendGathered(key);
    },
    settled: () => settle(0),
    backlog: (limit) => settle(limit),
    get failure() {
      return failure;
    },
    query,
  };
}

// Lines joined into parts of about a megabyte: one string per line costs the socket a write each, one string of
// everything memory.
function* partsOf(lines: Iterable<string>): Generator<string> {
  let part = '';
  for (const line of lines) {
    part += line;
    if (part.length < 1 << 20) continue;
    yield part;
    part = '';
  }
  if (part !== '') yield part;
}

// A value as COPY's text format writes it. Arrays become array literals; objects JSON (jsonb columns); Dates ISO.
export type CopyValue = string | number | boolean | null | undefined | Date | readonly (string | number)[] | object;

export function copyField(v: CopyValue): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'string') return escapeText(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return escapeText(arrayLiteral(v));
  return escapeText(JSON.stringify(v));
}

// Rows as lines, one at a time, for `copyAll` (which reads them as the server takes them).
export function* linesOf<T>(rows: Iterable<T>, line: (row: T) => string): Generator<string> {
  for (const row of rows) yield line(row);
}

export function copyLine(values: readonly CopyValue[]): string {
  return `${copyFields(values)}\n`;
}

// A line's fields without its end, to be joined with others into one line. One flat string (a join, not `+=`, whose
// result is a chain of pieces): rebuilders keep these for a whole history.
export function copyFields(values: readonly CopyValue[]): string {
  const fields = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) fields[i] = copyField(values[i]);
  return fields.join('\t');
}

const NEEDS_ESCAPE = /[\\\t\n\r]/;
function escapeText(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return s;
  return s.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

// {1,2} or {"a","b"}: every text element quoted (so NULL, empty strings, commas and braces stay text).
function arrayLiteral(items: readonly (string | number)[]): string {
  return `{${items.map((x) => (typeof x === 'number' ? String(x) : `"${x.replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
}

// The events the rebuild applies: every event whose transaction is below the reader's `events_horizon()` (its
// snapshot's xmin, passing over transactions of the server's other databases: migration 118), so none of them can
// still commit behind it, in (transaction_id, global_position) order, read on a connection of its own in a
// read-only transaction (it takes no transaction id, so it holds back no projector on the server) and streamed with
// COPY. Batches are yielded as they are parsed; the caller applies one while the stream fills the next.
export async function* readEvents(pool: pg.Pool, batchSize: number): AsyncGenerator<StoredEvent[]> {
  const client = await pool.connect();
  // Until the stream has ended the connection is mid-COPY: abandoned there (the rebuild failed), it is closed, not
  // committed and reused (a query behind an unread COPY would wait for ever).
  let streamed = false;
  try {
    await client.query('begin isolation level repeatable read read only');
    // Streamed in index order from the first row: a sort of the whole table would spill to disk before the first batch.
    await client.query('set local enable_sort = off');
    const stream = client.query(
      copyStreams.to(`copy (
        select event_type, data, stream_id, stream_version, global_position, transaction_id, metadata,
               floor(extract(epoch from recorded_at) * 1000)::bigint, schema_version
          from events
         where transaction_id < events_horizon()
         order by events.transaction_id, events.global_position) to stdout`),
    );
    let batch: StoredEvent[] = [];
    let rest = '';
    // The driver's chunks do not end at rows, nor at characters: a character cut in two is completed from the next
    // chunk (decoded on its own, each half became a replacement character).
    const decoder = new StringDecoder('utf8');
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const text = rest + decoder.write(chunk);
      let start = 0;
      for (let nl = text.indexOf('\n', start); nl !== -1; nl = text.indexOf('\n', start)) {
        batch.push(parseEvent(text.slice(start, nl)));
        start = nl + 1;
        if (batch.length === batchSize) {
          yield batch;
          batch = [];
        }
      }
      rest = text.slice(start);
    }
    streamed = true;
    if (batch.length > 0) yield batch;
  } finally {
    let broken = !streamed;
    if (streamed) await client.query('commit').catch(() => (broken = true));
    client.release(broken);
  }
}

// recorded_at comes as milliseconds since the epoch (the select above): a Date from a number costs far less than one
// parsed from timestamp text, for millions of events, and holds the same milliseconds the driver's parser keeps.
function parseEvent(line: string): StoredEvent {
  const f = line.split('\t');
  if (f.length !== 9) throw new Error(`unexpected event row from COPY: ${f.length} fields`);
  return toStoredEvent({
    event_type: unescapeCopy(f[0]!),
    schema_version: Number(f[8]),
    data: JSON.parse(unescapeCopy(f[1]!)),
    stream_id: unescapeCopy(f[2]!),
    stream_version: Number(f[3]),
    global_position: f[4]!,
    transaction_id: f[5]!,
    metadata: JSON.parse(unescapeCopy(f[6]!)),
    recorded_at: new Date(Number(f[7])),
  });
}

const ESCAPES: Record<string, string> = { '\\': '\\', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
// COPY's text format escapes backslash and the control characters; nothing else (the server sends UTF-8 as is).
function unescapeCopy(s: string): string {
  return s.includes('\\') ? s.replace(/\\([\\bfnrtv])/g, (_, c: string) => ESCAPES[c]!) : s;
}
