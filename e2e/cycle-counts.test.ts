import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@wh/command/testing';
import { COUNT_MESSAGES } from '@wh/contracts';
import { ADMIN_PASSWORD, axeFindings, changesSent, PHONE, scan, scannerBurst, settle, startE2E, type E2E } from './harness.ts';
import { fixture } from '../test/fixtures.ts';

// A blind cycle count on phones: Ann counts A-1-1 one dress short, which asks for a recount; she may not do it, Bob
// does and finds the same; Bob counts A-1-2. Neither is ever shown what the locations hold. The manager then sees
// each round against what was there and approves: the variance posts as a Cycle count movement.
let e2e: E2E;
let admin: Client;
let countId: number;
const ann = { username: 'count_ann', password: 'password1' };
const bob = { username: 'count_bob', password: 'password1' };
const ADMIN = { username: 'admin', password: ADMIN_PASSWORD };
const DRESS = 'DR1000-8-BEIGE';
const JUMPER = 'KN1010-12-WINE';

async function ok(answer: Promise<{ status: number; body: unknown }>, what: string) {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body as { data: { id: number } };
}
const level = async (sku: string, location: string) =>
  (await e2e.app.database.db.selectFrom('stock_levels').select('quantity').where('sku', '=', sku).where('location', '=', location).executeTakeFirst())?.quantity ?? 0;

beforeAll(async () => {
  e2e = await startE2E();
  admin = await e2e.app.asAdmin();
  await e2e.createUser('worker', ann.username, ann.password);
  await e2e.createUser('worker', bob.username, bob.password);
  await ok(admin.upload('/api/files/upload/shopify-inventory', 'products.csv', fixture('styles/shopify-products.csv')), 'catalogue');
  await e2e.app.allocateStock([
    { sku: DRESS, location: 'A-1-1', quantity: 5 },
    { sku: JUMPER, location: 'A-1-2', quantity: 2 },
  ]);
  countId = (await ok(admin.post('/api/counts', { scope: { kind: 'range', from: 'A-1-1', to: 'A-1-2' }, note: 'Aisle A' }), 'count')).data.id;
}, 300_000);
afterAll(() => e2e?.stop());

// What a counter's phone shows, for the check that it never names what a location holds.
const blind = async (page: import('playwright-core').Page) => expect(await page.locator('main').innerText()).not.toMatch(/expected|Expected|variance|Variance/);

async function countOnPhone(who: { username: string; password: string }, location: string, units: Record<string, number>) {
  const { context, page } = await e2e.openAs(who, '/counts', { ...PHONE, bypassCSP: true });
  const feedback = page.getByRole('region', { name: 'Scan' }).getByRole('status');
  await page.getByText('Scanner ready').waitFor();
  await page.getByRole('list', { name: `Locations of Count #${countId}` }).waitFor();
  await scan(page, location);
  await page.getByRole('heading', { name: `Counting ${location}` }).waitFor();
  for (const [sku, n] of Object.entries(units)) for (let i = 0; i < n; i += 1) await scan(page, sku);
  await blind(page);
  return { context, page, feedback };
}

describe('a blind cycle count on phones, with a recount and an approval', () => {
  // One journey in three hands, so it runs alone as a whole.
  it('Ann counts A-1-1 a dress short; Bob recounts and finds the same; the manager approves the variance', async () => {
    await annCounts();
    await bobRecounts();
    await managerApproves();
  });
});

// Ann counts A-1-1 a dress short: a recount is asked of someone else, and she may not do it.
async function annCounts() {
  const { context, page, feedback } = await countOnPhone(ann, 'A-1-1', { [DRESS]: 4 });
  try {
    const sent = changesSent(page);
    await page.getByRole('button', { name: 'Send count (4 units)' }).click();
    await feedback.getByText(COUNT_MESSAGES.recountMessage('A-1-1')).waitFor();
    await settle(page);
    expect(sent.map((p) => p.replace(/\/\d+\//, '/N/'))).toEqual(['/api/counts/N/locations/A-1-1/count']);
    await blind(page);
    expect(await axeFindings(page)).toEqual([]);
    // Her own recount is refused before anything is sent.
    await scan(page, 'A-1-1');
    await feedback.getByText(/A-1-1 needs its recount by someone else/).waitFor();
    expect(sent).toHaveLength(1);
  } finally {
    await context.close();
  }
}

// Bob recounts A-1-1 and finds the same, which settles it; he counts A-1-2 too.
async function bobRecounts() {
  const { context, page, feedback } = await countOnPhone(bob, 'A-1-1', { [DRESS]: 4 });
  try {
    await page.getByRole('button', { name: 'Send count (4 units)' }).click();
    await feedback.getByText(COUNT_MESSAGES.settledMessage('A-1-1', 4)).waitFor();
    await scan(page, 'A-1-2');
    await scan(page, JUMPER);
    // A scanner's burst (10 ms a key, Enter included) with focus on Send count is a unit scanned, and sends nothing.
    const sent = changesSent(page);
    await page.getByRole('button', { name: 'Send count (1 unit)' }).focus();
    await scannerBurst(page, JUMPER, 10);
    await page.getByRole('button', { name: 'Send count (2 units)' }).waitFor();
    await settle(page);
    expect(sent).toEqual([]);
    await page.getByRole('button', { name: 'Send count (2 units)' }).click();
    await feedback.getByText(COUNT_MESSAGES.settledMessage('A-1-2', 2)).waitFor();
    await blind(page);
  } finally {
    await context.close();
  }
}

// The manager sees each round against what was there and approves: the dress short posts as a Cycle count.
async function managerApproves() {
  const { context, page } = await e2e.openAs(ADMIN, '/counts', { bypassCSP: true });
  try {
    await page.getByRole('tab', { name: 'Manage' }).click();
    await page.getByRole('tab', { name: 'To approve' }).click();
    await page.getByRole('button', { name: `Open Count #${countId}` }).click();
    const round = page.getByRole('grid', { name: 'A-1-1, round 1' });
    expect((await round.getByRole('row').filter({ hasText: DRESS }).innerText()).split(/\s+/).filter(Boolean)).toEqual([DRESS, '4', '5', '-1']);
    expect(await axeFindings(page)).toEqual([]);
    expect(await level(DRESS, 'A-1-1')).toBe(5);
    await page.getByRole('button', { name: 'Approve all settled (2)' }).click();
    await page.getByText(COUNT_MESSAGES.approved(countId, 2, 1)).waitFor();
    expect(await level(DRESS, 'A-1-1')).toBe(4);
    const ledger = (await admin.get(`/api/inventory/ledger?sku=${DRESS}`)).body.data.movements as { event_type: string; delta: number; reason: string }[];
    expect(ledger[0]).toMatchObject({ event_type: 'CountApproved', delta: -1, reason: 'Cycle count' });
  } finally {
    await context.close();
  }
}
