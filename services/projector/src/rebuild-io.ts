import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StoredEvent } from '@wh/contracts';
import { toStoredEvent } from '@wh/migrations';

// The rebuild's bulk input and output: COPY into the read models on the rebuild's own connection (its transaction),
// and the events read by a second connection that shares the rebuild's snapshot, streamed while the previous batch
// is applied.

// COPY ... FROM STDIN on the rebuild's connection. Rows are text-format lines built with `copyLine`.
export interface RebuildIo {
  copy(table: string, columns: readonly string[], lines: readonly string[]): Promise<void>;
}

export function copyInto(client: pg.ClientBase): RebuildIo {
  return {
    async copy(table, columns, lines) {
      if (lines.length === 0) return;
      const target = `${pg.escapeIdentifier(table)} (${columns.map((c) => pg.escapeIdentifier(c)).join(', ')})`;
      const stream = client.query(copyStreams.from(`copy ${target} from stdin`));
      // Chunks of ~1 MB: one write per line costs more than the encoding, one string of everything costs memory.
      await pipeline(Readable.from(chunked(lines)), stream);
    },
  };
}

function* chunked(lines: readonly string[]): Generator<string> {
  let buf = '';
  for (const line of lines) {
    buf += line;
    if (buf.length > 1 << 20) {
      yield buf;
      buf = '';
    }
  }
  if (buf !== '') yield buf;
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

export function copyLine(values: readonly CopyValue[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) line += (i === 0 ? '' : '\t') + copyField(values[i]);
  return `${line}\n`;
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

// The events the rebuild applies: every event whose transaction is below the snapshot's xmin (none of them can still
// commit behind it), in (transaction_id, global_position) order, read on a second connection that imports the
// rebuild's snapshot and streamed with COPY. Batches are yielded as they are parsed; the caller applies one while
// the stream fills the next.
export async function* readEventsInSnapshot(pool: pg.Pool, snapshot: string, batchSize: number): AsyncGenerator<StoredEvent[]> {
  const client = await pool.connect();
  // Until the stream has ended the connection is mid-COPY: abandoned there (the rebuild failed), it is closed, not
  // committed and reused (a query behind an unread COPY would wait for ever).
  let streamed = false;
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query(`set transaction snapshot ${pg.escapeLiteral(snapshot)}`);
    // Streamed in index order from the first row: a sort of the whole table would spill to disk before the first batch.
    await client.query('set local enable_sort = off');
    const stream = client.query(
      copyStreams.to(`copy (
        select event_type, data, stream_id, stream_version, global_position, transaction_id, metadata, recorded_at
          from events
         where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         order by events.transaction_id, events.global_position) to stdout`),
    );
    const parseTime = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text') as (v: string) => Date;
    let batch: StoredEvent[] = [];
    let rest = '';
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const text = rest + chunk.toString('utf8');
      let start = 0;
      for (let nl = text.indexOf('\n', start); nl !== -1; nl = text.indexOf('\n', start)) {
        batch.push(parseEvent(text.slice(start, nl), parseTime));
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

function parseEvent(line: string, parseTime: (v: string) => Date): StoredEvent {
  const f = line.split('\t');
  if (f.length !== 8) throw new Error(`unexpected event row from COPY: ${f.length} fields`);
  return toStoredEvent({
    event_type: unescapeCopy(f[0]!),
    data: JSON.parse(unescapeCopy(f[1]!)),
    stream_id: unescapeCopy(f[2]!),
    stream_version: Number(f[3]),
    global_position: f[4]!,
    transaction_id: f[5]!,
    metadata: JSON.parse(unescapeCopy(f[6]!)),
    recorded_at: parseTime(f[7]!),
  });
}

const ESCAPES: Record<string, string> = { '\\': '\\', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
// COPY's text format escapes backslash and the control characters; nothing else (the server sends UTF-8 as is).
function unescapeCopy(s: string): string {
  return s.includes('\\') ? s.replace(/\\([\\bfnrtv])/g, (_, c: string) => ESCAPES[c]!) : s;
}
