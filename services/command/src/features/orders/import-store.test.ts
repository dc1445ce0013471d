import { describe, it } from 'vitest';
import { decisionSpec } from '../../platform/decider-spec.ts';
import type { PlannedOrder } from './import-file.ts';
import { decideImportedOrders } from './import-store.ts';

// An upload's chunk of orders decided over what order_registry holds and the ids drawn: given(facts), when(chunk),
// then(the OrderImported per new order and the numbers claimed).

const at = '2026-11-21T09:00:00.000Z';
const options = { at, importDay: '2026-11-21', sourceFile: 'orders.csv' };
const spec = decisionSpec((chunk: PlannedOrder[], facts: Parameters<typeof decideImportedOrders>[1]) => decideImportedOrders(chunk, facts, options));

const item = (sku: string, quantity: number, row: number) => ({ sku, style_code: sku.split('-')[0]!, style_name: 'Tee', size: 'M', color: 'Red', quantity, value: null, row });
const order = (number: string, items: ReturnType<typeof item>[], order_date: string | null = null): PlannedOrder => ({
  order_number: number,
  key: number.toUpperCase(),
  priority: 0,
  order_date,
  items,
});

describe('order import decision', () => {
  it('imports each new order with the ids drawn in file order, its items numbered across the chunk', () => {
    spec
      .given({ existing: new Set(), orderIds: [40, 41], itemIds: [400, 401, 402], stocked: new Set(['TS1-M-RED', 'TS2-M-RED']) })
      .when([order('ord-2', [item('TS1-M-RED', 1, 2), item('TS2-M-RED', 2, 3)], '2026-11-20'), order('ORD-1', [item('TS1-M-RED', 3, 4)])])
      .then({
        appends: [
          {
            streamId: 'order-40',
            expectedVersion: 0,
            events: [
              {
                type: 'OrderImported',
                data: {
                  order_id: 40,
                  order_number: 'ord-2',
                  priority: 0,
                  order_date: '2026-11-20',
                  items: [
                    { item_id: 400, ...item('TS1-M-RED', 1, 2) },
                    { item_id: 401, ...item('TS2-M-RED', 2, 3) },
                  ],
                  source_file: 'orders.csv',
                  at,
                },
              },
            ],
          },
          {
            streamId: 'order-41',
            expectedVersion: 0,
            events: [
              {
                type: 'OrderImported',
                data: { order_id: 41, order_number: 'ORD-1', priority: 0, order_date: '2026-11-21', items: [{ item_id: 402, ...item('TS1-M-RED', 3, 4) }], source_file: 'orders.csv', at },
              },
            ],
          },
        ],
        result: {
          orders: 2,
          items: 3,
          units: 6,
          skipped_existing: [],
          no_stock: [],
        },
      });
  });

  it('skips an order whose number was imported before, whatever its case', () => {
    spec
      .given({ existing: new Set(['ORD-1']), orderIds: [42], itemIds: [420], stocked: new Set(['TS1-M-RED']) })
      .when([order('ord-1', [item('TS1-M-RED', 1, 2)]), order('ORD-3', [item('TS1-M-RED', 1, 3)])])
      .thenMatches({
        appends: [{ streamId: 'order-42' }],
        result: { orders: 1, items: 1, units: 1, skipped_existing: ['ord-1'] },
      });
  });

  it('a chunk of orders all imported before appends nothing', () => {
    spec
      .given({ existing: new Set(['ORD-1']), orderIds: [], itemIds: [], stocked: new Set() })
      .when([order('ORD-1', [item('TS1-M-RED', 1, 2)])])
      .then({ appends: [], result: { orders: 0, items: 0, units: 0, skipped_existing: ['ORD-1'], no_stock: [] } });
  });

  it('names each new order with lines no location holds, with those SKUs once each, and not an order skipped', () => {
    spec
      .given({ existing: new Set(['ORD-9']), orderIds: [43, 44], itemIds: [430, 431, 432, 440], stocked: new Set(['TS1-M-RED']) })
      .when([
        order('ORD-3', [item('TS1-M-RED', 1, 2), item('TS9-M-RED', 1, 3), item('TS9-M-RED', 2, 4)]),
        order('ORD-4', [item('TS1-M-RED', 1, 5)]),
        order('ORD-9', [item('TS8-M-RED', 1, 6)]),
      ])
      .thenMatches({ result: { orders: 2, no_stock: [{ order_number: 'ORD-3', skus: ['TS9-M-RED'] }] } });
  });
});
