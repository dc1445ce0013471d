import { describe, expect, it } from 'vitest';
import { describeItem, planOrderImport } from './import-file.ts';

const sheet = (headers: string[], rows: string[][]) => ({
  headers,
  rows: rows.map((cells, i) => ({ row: i + 2, values: Object.fromEntries(headers.map((h, c) => [h.trim().toLowerCase(), cells[c] ?? ''])) })),
});

describe('reading an order item', () => {
  it.each([
    ['KN1010-12-WINE', 'Cable Jumper 010 - 12 / Wine', { style_code: 'KN1010', style_name: 'Cable Jumper 010', size: '12', color: 'Wine' }],
    ['BG1005-FS-GREY', 'Tote Bag 005 - Free Size / Grey', { style_code: 'BG1005', style_name: 'Tote Bag 005', size: 'Free Size', color: 'Grey' }],
    ['TP1001-8-OFF-WHITE', 'Linen Shirt 001', { style_code: 'TP1001', style_name: 'Linen Shirt 001', size: '8', color: 'Off-White' }],
    ['KN1010', 'Cable Jumper 010 - 12 / Wine', { style_code: 'KN1010', style_name: 'Cable Jumper 010', size: '12', color: 'Wine' }],
    ['SK1002-10-GREY', 'A-Line Skirt - Limited', { style_code: 'SK1002', style_name: 'A-Line Skirt - Limited', size: '10', color: 'Grey' }],
  ])('%s / %s', (sku, title, expected) => {
    expect(describeItem(sku, title)).toEqual(expected);
  });
});

describe('planning an order import', () => {
  it('groups rows by order number in file order, case-insensitively, keeping the first spelling', () => {
    const plan = planOrderImport(
      sheet(['Order #', 'Item', 'SKU'], [
        ['#a1', 'Shirt - 8 / Blue', 'TP1-8-BLUE'],
        ['#b2', 'Dress - 10 / Red', 'DR1-10-RED'],
        ['#A1', 'Skirt - 12 / Navy', 'sk1-12-navy'],
      ]),
    );
    expect(plan.orders.map((o) => [o.order_number, o.key, o.items.map((i) => [i.sku, i.row])])).toEqual([
      ['#a1', '#A1', [['TP1-8-BLUE', 2], ['SK1-12-NAVY', 4]]],
      ['#b2', '#B2', [['DR1-10-RED', 3]]],
    ]);
  });

  it('skips gifts before anything else, then fulfilled rows, then reports missing fields', () => {
    const plan = planOrderImport(
      sheet(['Order #', 'Item', 'SKU', 'is Fulfilled', 'Handle'], [
        ['', 'Gift Card', '', '', ''],
        ['#1', 'Something', 'X-1-RED', '', 'digital-gift-card'],
        ['#1', 'Shirt', 'TP1-8-BLUE', 'TRUE', ''],
        ['#1', '', '', 'FALSE', ''],
        ['#1', 'Shirt', 'TP1-8-BLUE', 'no', ''],
      ]),
    );
    expect(plan.skipped_gift_vouchers).toBe(2);
    expect(plan.skipped_fulfilled).toBe(1);
    expect(plan.errors).toEqual([{ row: 5, error: 'Missing required fields: Item, SKU' }]);
    expect(plan.orders).toHaveLength(1);
  });

  it('reads order dates day-first unless a value settles it month-first, and refuses a non-date', () => {
    const plan = planOrderImport(
      sheet(['Order #', 'Item', 'SKU', 'Order Date'], [
        ['#1', 'Shirt', 'TP1-8-BLUE', '03/04/2025'],
        ['#2', 'Shirt', 'TP1-8-BLUE', '04/25/2025'],
        ['#3', 'Shirt', 'TP1-8-BLUE', 'soon'],
      ]),
    );
    expect(plan.orders.map((o) => o.order_date)).toEqual(['2025-03-04', '2025-04-25']);
    expect(plan.errors).toEqual([{ row: 4, error: "Order date 'soon' is not a date (use DD/MM/YYYY or YYYY-MM-DD)" }]);
  });
});
