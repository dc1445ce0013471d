// Rows into PostgreSQL as CSV through COPY FROM STDIN: the import baseline's and the import floor's way in.
import type pg from 'pg';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { from as copyFrom } from 'pg-copy-streams';

export const csvCell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export async function copyCsv(client: pg.Client, table: string, rows: readonly (readonly string[])[]): Promise<void> {
  const text = rows.map((r) => r.map(csvCell).join(',')).join('\n');
  await pipeline(Readable.from([text]), client.query(copyFrom(`copy ${table} from stdin (format csv)`)));
}
