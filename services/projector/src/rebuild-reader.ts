import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';

// The rebuild's event stream, read in a worker thread (rebuild-io.ts `readEventsInSnapshot` starts it and parses
// what it sends): its own connection imports the rebuild's snapshot and streams the events with COPY, and the bytes
// are handed over whole, as transferred buffers (no copy, no serialising). On the rebuild's thread the socket was read
// only between batches (a batch's apply is one synchronous run), so the server stalled on a full socket while a
// batch was applied, and the rebuild then waited for the next batch to arrive: about a quarter of a 1,000,000-order
// rebuild. Here the socket is read while the rebuild applies.
//
// Flow: the rebuild tells the reader how many more buffers it may send (`{ more: n }`); with none left the COPY
// stream is paused, so no more than that many are held. Messages to the rebuild: `{ bytes }` (COPY text, whole
// lines or not), then `{ done: true }` once the snapshot's transaction is committed, or `{ error }`.

export interface ReaderOptions {
  // The pool's connection settings (only its plain values: a worker is given a copy).
  connection: pg.ClientConfig;
  snapshot: string;
  // Buffers the reader may send before the rebuild asks for more, and each one's size.
  ahead: number;
  bufferSize: number;
}

export type ReaderMessage = { bytes: Uint8Array } | { done: true } | { error: { message: string; stack?: string } };

async function read(port: NonNullable<typeof parentPort>, options: ReaderOptions): Promise<void> {
  const client = new pg.Client(options.connection);
  await client.connect();
  let credit = options.ahead;
  let resume: (() => void) | undefined;
  port.on('message', (m: { more: number }) => {
    credit += m.more;
    resume?.();
  });
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query(`set transaction snapshot ${pg.escapeLiteral(options.snapshot)}`);
    // Streamed in index order from the first row: a sort of the whole table would spill to disk before the first batch.
    await client.query('set local enable_sort = off');
    const stream = client.query(
      copyStreams.to(`copy (
        select event_type, data, stream_id, stream_version, global_position, transaction_id, metadata, recorded_at
          from events
         where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         order by events.transaction_id, events.global_position) to stdout`),
    );
    // The stream's chunks are views into the driver's buffers: copied into one of our own, which is then transferred.
    let buffer = new Uint8Array(options.bufferSize);
    let used = 0;
    const send = async () => {
      // Out of credit: wait for the rebuild to take a buffer (the stream is not read meanwhile, so the server waits too).
      while (credit <= 0) await new Promise<void>((r) => (resume = r));
      resume = undefined;
      credit -= 1;
      const bytes = buffer.subarray(0, used);
      port.postMessage({ bytes } satisfies ReaderMessage, [bytes.buffer]);
      buffer = new Uint8Array(options.bufferSize);
      used = 0;
    };
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let from = 0;
      while (from < chunk.length) {
        const n = Math.min(chunk.length - from, buffer.length - used);
        buffer.set(chunk.subarray(from, from + n), used);
        used += n;
        from += n;
        if (used === buffer.length) await send();
      }
    }
    if (used > 0) await send();
    await client.query('commit');
    port.postMessage({ done: true } satisfies ReaderMessage);
  } finally {
    await client.end().catch(() => {});
  }
}

if (parentPort && (workerData as { rebuildReader?: ReaderOptions } | undefined)?.rebuildReader) {
  const port = parentPort;
  read(port, (workerData as { rebuildReader: ReaderOptions }).rebuildReader).catch((e: unknown) => {
    const error = e instanceof Error ? { message: e.message, stack: e.stack } : { message: String(e) };
    port.postMessage({ error } satisfies ReaderMessage);
  });
}
