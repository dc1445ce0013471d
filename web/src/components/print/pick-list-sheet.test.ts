import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PickListSheet, type PickListLine, type PickListSheetProps } from './pick-list-sheet.tsx';

const line = (sku: string, location: string | null, patch: Partial<PickListLine> = {}): PickListLine => ({
  key: sku,
  sku,
  styleName: `Style ${sku}`,
  size: '8',
  color: 'BLUE',
  quantity: 1,
  location,
  locationType: location ? 'bin' : null,
  status: 'pending',
  shortQuantity: null,
  ...patch,
});
const render = (props: PickListSheetProps) => renderToStaticMarkup(createElement(PickListSheet, props));
const barcodes = (html: string) => [...html.matchAll(/data-barcode="([^"]+)"/g)].map((m) => m[1]);

describe('pick list sheet', () => {
  it('lists the lines in the order given, each SKU with its barcode, and the order number with its barcode', () => {
    const html = render({
      title: 'Order 10001',
      orderNumber: '10001',
      lines: [line('TP1007-6-GREEN', 'A-1-1'), line('KN1010-12-WINE', 'A-2-1', { quantity: 2 }), line('BG1005-FS-GREY', null)],
    });
    expect(barcodes(html)).toEqual(['10001', 'TP1007-6-GREEN', 'KN1010-12-WINE', 'BG1005-FS-GREY']);
    expect(html).toContain('3 lines, 4 units');
    expect(html).toContain('Location not assigned');
    expect(html).toContain('<strong>A-1-1</strong><span class="small"> Bin</span>');
    expect(html).not.toContain('>Order</th>');
  });

  it('names each line’s order and tote on a batch list, which has no order barcode of its own', () => {
    const html = render({
      title: 'Batch 4',
      lines: [line('TP1007-6-GREEN', 'A-1-1', { orderNumber: '10001', tote: '1' }), line('KN1010-12-WINE', 'A-2-1', { orderNumber: '10002', tote: '2', status: 'picked' })],
    });
    expect(barcodes(html)).toEqual(['TP1007-6-GREEN', 'KN1010-12-WINE']);
    expect(html).toContain('<th scope="col">Order</th><th scope="col">Tote</th>');
    expect(html).toContain('<td>10002</td><td>2</td><td class="pick-sheet-tick">Picked</td>');
  });

  it('says a line recorded short is short, how many of its units were not found, never that it is not picked', () => {
    const html = render({
      title: 'Order 10001',
      lines: [
        line('TP1007-6-GREEN', 'A-1-1', { status: 'short', shortQuantity: 1 }),
        line('KN1010-12-WINE', 'A-2-1', { quantity: 3, status: 'short', shortQuantity: 1 }),
        line('BG1005-FS-GREY', 'A-3-1'),
      ],
    });
    const ticks = [...html.matchAll(/<td class="pick-sheet-tick">(.*?)<\/td>/g)].map((m) => m[1]);
    expect(ticks).toEqual(['Short', 'Short: 1 of 3 not found', '<span class="tick-box" aria-hidden="true"></span><span class="sr-only">Not picked</span>']);
  });
});
