// @vitest-environment jsdom
import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Style } from '@wh/contracts/catalogue/http';
import { fakeApi, renderScreen, resetScreen } from '../../../lib/testing.ts';
import { StyleBarcodes } from './style-barcodes.tsx';

const style = (barcodes: Record<string, string[]> = {}): Style => ({
  id: 7,
  style_code: 'DR1012',
  name: 'Wrap Dress',
  is_jeans: false,
  images: [],
  sizes: ['8', '10'],
  colors: ['Red'],
  variants: ['DR1012-8-RED', 'DR1012-10-RED'].map((sku) => ({ sku, size: sku.split('-')[1]!, color: 'Red', quantity: 0, barcodes: barcodes[sku] ?? [] })),
  variant_count: 2,
  total_stock: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

// As the dialog holds it: the style a command answered replaces the one shown.
function Harness({ initial }: { initial: Style }) {
  const [shown, setShown] = useState(initial);
  return <StyleBarcodes style={shown} onChanged={setShown} />;
}

describe('a style\'s barcodes in Style Management', () => {
  afterEach(resetScreen);

  it('says what is wrong with a barcode under the field before sending anything', async () => {
    const user = userEvent.setup();
    const api = fakeApi({});
    renderScreen(<Harness initial={style()} />);
    await user.type(screen.getByRole('textbox', { name: 'Barcode' }), '4006381333932');
    await user.click(screen.getByRole('button', { name: 'Add Barcode' }));
    const field = screen.getByRole('textbox', { name: 'Barcode' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(await screen.findByText('4006381333932 is not a valid EAN-13: its check digit does not match (a digit is mistyped?)')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('adds a barcode to the chosen SKU and lists it with its kind', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'POST /styles/:id/barcodes': () => ({ data: style({ 'DR1012-10-RED': ['036000291452'] }) }) });
    renderScreen(<Harness initial={style()} />);
    await user.click(screen.getByRole('button', { name: /SKU/ }));
    await user.click(screen.getByRole('option', { name: 'DR1012-10-RED' }));
    await user.type(screen.getByRole('textbox', { name: 'Barcode' }), '0036000291452');
    await user.click(screen.getByRole('button', { name: 'Add Barcode' }));
    expect(await screen.findByText('036000291452 · UPC-A')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Barcode 036000291452 added to DR1012-10-RED');
    expect(api.callsTo('POST', '/styles/7/barcodes')[0]!.body).toEqual({ sku: 'DR1012-10-RED', barcode: '0036000291452' });
    expect((screen.getByRole('textbox', { name: 'Barcode' }) as HTMLInputElement).value).toBe('');
  });

  it('shows the server\'s refusal, naming the SKU that holds the barcode, under the field', async () => {
    const user = userEvent.setup();
    const message = 'Barcode 4006381333931 is already on SKU TP1007-12-GREEN';
    fakeApi({ 'POST /styles/:id/barcodes': () => ({ status: 409, error: { code: 'CONFLICT', message } }) });
    renderScreen(<Harness initial={style()} />);
    await user.type(screen.getByRole('textbox', { name: 'Barcode' }), '4006381333931');
    await user.click(screen.getByRole('button', { name: 'Add Barcode' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Barcode' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('removes a barcode from its SKU', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'DELETE /styles/:id/barcodes/:barcode': () => ({ data: style() }) });
    renderScreen(<Harness initial={style({ 'DR1012-8-RED': ['INT00042'] })} />);
    const tags = screen.getByRole('grid', { name: 'Barcodes of DR1012-8-RED' });
    await user.click(within(tags).getByRole('button', { name: /^Remove INT00042 · Internal/ }));
    expect(await screen.findByText('No SKU of this style has a barcode yet.')).toBeTruthy();
    expect(api.callsTo('DELETE', '/styles/7/barcodes/INT00042')).toHaveLength(1);
  });
});
