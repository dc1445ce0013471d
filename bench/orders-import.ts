// Order import throughput: a generated 100,000-row order sheet through POST /api/files/upload/orders, against
// parsing the same file and bulk-loading its rows into a plain table (the floor any import could reach).
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/orders-import.ts [rows]
import { sql } from 'kysely';
import { createTestDatabase } from '@wh/migrations/testing';
import { loadConfig } from '@wh/command/platform/config';
import { parseSheet } from '@wh/command/platform/uploads';
import { startServer } from '@wh/command/server';

const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const rowCount = Number(process.argv[2] ?? 100_000);
const PASSWORD = 'bench-password';

const ITEMS = [
  'Cable Jumper 010 - 12 / Wine,KN1010-12-WINE',
  'Linen Shirt 007 - 6 / Green,TP1007-6-GREEN',
  'Tote Bag 005 - Free Size / Grey,BG1005-FS-GREY',
  'Straight Jean 003 - 14 / Khaki,JN1003-14-KHAKI',
];
const lines = ['Order #,Item,SKU,Value,is Fulfilled'];
// One to three items an order, as a day's sheet has them.
for (let o = 0; lines.length <= rowCount; o++) {
  for (let k = 0; k <= o % 3 && lines.length <= rowCount; k++) lines.push(`#B${o},${ITEMS[(o + k) % ITEMS.length]},${50 + k}.00,FALSE`);
}
const csv = Buffer.from(lines.join('\n'));

const scratch = await createTestDatabase(base);
const server = await startServer({
  config: { ...loadConfig({}), DATABASE_URL: scratch.url, ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'silent', READ_YOUR_WRITES_TIMEOUT_MS: 3000 },
  withProjector: true,
  listen: false,
  logger: false,
});
try {
  const db = server.database.db;
  let t0 = performance.now();
  const sheet = parseSheet({ filename: 'bench.csv', extension: 'csv', buffer: csv });
  const parseMs = performance.now() - t0;
  await sql`create table bench_rows (order_number text, item text, sku text, value text, fulfilled text)`.execute(db);
  const rows = sheet.rows.map((r) => ({ a: r.values['order #'], b: r.values.item, c: r.values.sku, d: r.values.value, e: r.values['is fulfilled'] }));
  await sql`insert into bench_rows select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as x(a text, b text, c text, d text, e text)`.execute(db);
  const floorMs = performance.now() - t0;

  const login = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: PASSWORD } });
  const token: string = login.json().data.token;
  const boundary = 'benchboundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    csv,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  t0 = performance.now();
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/files/upload/orders',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  const uploadMs = performance.now() - t0;
  const result = res.json();
  for (;;) {
    const { rows: done } = await sql<{ n: number }>`select count(*)::int as n from rm_orders`.execute(db);
    if (done[0]!.n >= result.data.total_orders) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const projectedMs = performance.now() - t0;
  console.log(`rows ${sheet.rows.length.toLocaleString('en-GB')}, orders ${result.data.total_orders.toLocaleString('en-GB')}`);
  console.log(`parse                         ${parseMs.toFixed(0).padStart(7)} ms`);
  console.log(`parse + bulk load (floor)     ${floorMs.toFixed(0).padStart(7)} ms`);
  console.log(`upload answered               ${uploadMs.toFixed(0).padStart(7)} ms  (${(uploadMs / floorMs).toFixed(1)}x floor, projected: ${result.projected})`);
  console.log(`every order in the read model ${projectedMs.toFixed(0).padStart(7)} ms  (${(projectedMs / floorMs).toFixed(1)}x floor)`);
} finally {
  await server.close();
  await scratch.drop();
}
