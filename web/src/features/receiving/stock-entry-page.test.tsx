// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeUploads, renderScreen, resetScreen, stockUploadResult, testUser } from '../../lib/testing.ts';
import { StockEntryPage } from './stock-entry-page.tsx';

const clerk = testUser({ id: 3, username: 'eve', full_name: 'Eve Executive', role: 'executive2' });
const DRAFT_KEY = 'draft:stock-entry-rows:3';

const cell = (row: number, header: string) => screen.getByLabelText(`Row ${row} ${header}`) as HTMLInputElement;

async function typeRow(user: UserEvent, row: number, values: Record<string, string>) {
  for (const [header, value] of Object.entries(values)) await user.type(cell(row, header), value);
}

const received = stockUploadResult({ message: 'Stock file processed: 1 receipt recorded, 1 awaiting approval', units: 4 });

function stockEntry() {
  return renderScreen(
    <>
      <Link to="/dashboard">Dashboard</Link>
      <StockEntryPage />
    </>,
    { user: clerk, route: '/stock-entry' },
  );
}

describe('Stock Entry keeps typed rows as a draft', () => {
  afterEach(resetScreen);

  it('a typed row survives a tab switch and leaving the screen, and is kept on the device for a reload', async () => {
    const user = userEvent.setup();
    const first = stockEntry();
    await typeRow(user, 1, { 'ITEM CODE': 'dr1012', COLOR: 'Red' });

    await user.click(screen.getByRole('tab', { name: 'File Upload' }));
    expect(screen.queryByRole('textbox', { name: 'Row 1 ITEM CODE' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Manual Entry' }));
    expect(cell(1, 'ITEM CODE').value).toBe('DR1012');
    expect(cell(1, 'COLOR').value).toBe('Red');

    // What a reload reads: the draft in localStorage, under the signed-in user.
    const stored = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? '[]') as { itemCode: string }[];
    expect(stored.map((r) => r.itemCode)).toEqual(['DR1012', '', '']);

    first.unmount();
    stockEntry();
    expect(cell(1, 'ITEM CODE').value).toBe('DR1012');
  });

  it("another user's draft on the same device is not shown, and a stored draft of another shape reads as empty", async () => {
    localStorage.setItem('draft:stock-entry-rows:4', JSON.stringify([{ key: 1, date: '2026-05-01', itemCode: 'KN1010', color: 'Wine', size: '12', quantity: '2', gatepassNumber: 'G' }]));
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ rows: 'not rows' }));
    stockEntry();
    expect(cell(1, 'ITEM CODE').value).toBe('');
    expect(screen.queryByRole('textbox', { name: 'Row 4 ITEM CODE' })).toBeNull();
  });

  it('sent rows leave the draft; rows not complete stay in it', async () => {
    const user = userEvent.setup();
    const sent = fakeUploads(Promise.resolve({ status: 200, body: { success: true, data: received, message: received.message } }));
    stockEntry();
    await typeRow(user, 1, { 'ITEM CODE': 'dr1012', COLOR: 'Red', SIZE: '10', QTY: '4', 'GATEPASS NUMBER': 'GP-7' });
    await typeRow(user, 2, { 'ITEM CODE': 'kn1010' });

    await user.click(screen.getByRole('button', { name: 'Save Entries' }));
    expect(await screen.findByText('Upload Successful')).toBeTruthy();
    expect(sent.map((s) => s.url)).toEqual(['/api/files/upload/manual-stock']);
    expect(cell(1, 'ITEM CODE').value).toBe('KN1010');
    expect((JSON.parse(localStorage.getItem(DRAFT_KEY) ?? '[]') as { itemCode: string }[]).map((r) => r.itemCode)).toEqual(['KN1010', '']);

    await user.clear(cell(1, 'ITEM CODE'));
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('leaving for another screen with rows typed asks first: Stay keeps the screen, Leave goes', async () => {
    const user = userEvent.setup();
    const { router } = stockEntry();

    // Nothing typed: nothing to ask.
    await user.click(screen.getByRole('tab', { name: 'File Upload' }));
    await user.click(screen.getByRole('tab', { name: 'Manual Entry' }));
    await typeRow(user, 1, { 'ITEM CODE': 'dr1012' });

    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    const question = await screen.findByRole('alertdialog', { name: 'Leave without sending?' });
    expect(within(question).getByText(/You have 1 stock entry row not sent yet/)).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/stock-entry');

    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('a size or colour the style does not have is asked about first; confirmed, the rows are sent again with the addition', async () => {
    const user = userEvent.setup();
    const refusal = {
      success: false,
      message: '1 row names a size or colour its style does not have (TP1001 has no colour Purple (colours Navy)). ...',
      error: { code: 'NEW_VARIANTS', message: '...', details: [{ field: 'row 2', message: 'TP1001 has no colour Purple (colours Navy)' }] },
    };
    const sent = fakeUploads(({ url }) =>
      url.includes('add_variants=true') ? { status: 200, body: { success: true, data: received, message: received.message } } : { status: 409, body: refusal },
    );
    stockEntry();
    await typeRow(user, 1, { 'ITEM CODE': 'tp1001', COLOR: 'Purple', SIZE: '10', QTY: '2', 'GATEPASS NUMBER': 'GP-9' });
    await user.click(screen.getByRole('button', { name: 'Save Entries' }));

    const question = await screen.findByRole('alertdialog', { name: 'Add new sizes or colours?' });
    expect(within(question).getByRole('list', { name: 'Not in the catalogue' }).textContent).toBe('TP1001 has no colour Purple (colours Navy)');
    expect(screen.queryByText('Upload Error')).toBeNull();
    // Go Back keeps the row for correcting; nothing was recorded.
    await user.click(within(question).getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(cell(1, 'COLOR').value).toBe('Purple');

    await user.click(screen.getByRole('button', { name: 'Save Entries' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Add and Save' }));
    expect(await screen.findByText('Upload Successful')).toBeTruthy();
    expect(sent.map((s) => s.url)).toEqual(['/api/files/upload/manual-stock', '/api/files/upload/manual-stock', '/api/files/upload/manual-stock?add_variants=true']);
    expect(cell(1, 'ITEM CODE').value).toBe('');
  });
});
