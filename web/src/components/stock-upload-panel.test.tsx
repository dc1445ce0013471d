// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '@wh/contracts/auth/permissions';
import { deferred, fakeUploads, renderScreen, resetScreen, stockUploadResult } from '../lib/testing.ts';
import { StockUploadPanel } from './stock-upload-panel.tsx';

// May send the online-shop stock file and the manual sheet, not the bin allocation.
const executive2: Role = 'executive2';
const stockFile = () => new File(['SKU,On hand\nKN1010-12-WINE,4\n'], 'stock.csv', { type: 'text/csv' });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('the stock upload panel', () => {
  afterEach(resetScreen);

  it('uploads a file of a type the role may send: busy while pending, then the result card with the envelope message', async () => {
    const user = userEvent.setup();
    const answer = deferred<{ status: number; body: unknown }>();
    const sent = fakeUploads(answer.promise);
    renderScreen(<StockUploadPanel role={executive2} invalidates={[]} />);

    // The first type the role may send is chosen; one it may not says No Permission.
    const types = screen.getByRole('radiogroup', { name: 'File Type' });
    expect(within(types).getByRole('radio', { name: /Online-shop Stock CSV/ })).toHaveProperty('checked', true);
    expect(within(types).getByRole('radio', { name: /Bin Allocation/ })).toHaveProperty('disabled', true);
    expect(within(types).getByText('No Permission')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload Online-shop Stock CSV' }).hasAttribute('disabled')).toBe(true);

    await user.upload(fileInput(), stockFile());
    expect(screen.getByText('stock.csv')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Upload Online-shop Stock CSV' }));

    const busy = await screen.findByRole('button', { name: 'Uploading...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('progressbar', { name: 'Uploading...' }).getAttribute('aria-valuenow')).toBe('50');
    expect(sent.map((s) => [s.url, (s.file as File).name])).toEqual([['/api/files/upload/shopify-stock', 'stock.csv']]);

    answer.resolve({ status: 200, body: { success: true, data: stockUploadResult(), message: 'Stock file processed' } });
    const result = await screen.findByRole('status', { name: 'Upload result' });
    expect(within(result).getByText('Upload Successful')).toBeTruthy();
    expect(within(result).getByText('Stock file processed')).toBeTruthy();
    expect(within(result).getByText('Pending Approval')).toBeTruthy();
    // The sent file is cleared, and the button is back.
    expect(screen.queryByText('stock.csv')).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload Online-shop Stock CSV' }).hasAttribute('disabled')).toBe(true);
  });

  it("a refused upload shows the server's message as the Upload Error, which can be dismissed", async () => {
    const user = userEvent.setup();
    fakeUploads(Promise.resolve({ status: 400, body: { success: false, error: { code: 'VALIDATION_ERROR', message: 'No SKU column found' } } }));
    renderScreen(<StockUploadPanel role={executive2} invalidates={[]} />);

    await user.upload(fileInput(), stockFile());
    await user.click(screen.getByRole('button', { name: 'Upload Online-shop Stock CSV' }));

    expect(await screen.findByText('No SKU column found')).toBeTruthy();
    expect(screen.getByText('Upload Error')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload Online-shop Stock CSV' }).hasAttribute('disabled')).toBe(false));
    await user.click(screen.getByRole('button', { name: /Dismiss/ }));
    expect(screen.queryByText('No SKU column found')).toBeNull();
  });
});
