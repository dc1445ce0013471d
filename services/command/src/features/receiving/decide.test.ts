import { describe, it } from 'vitest';
import type { ReceiptEvent } from '@wh/contracts';
import { decisionSpec, deciderSpec } from '../../platform/decider-spec.ts';
import { decideReceipt, receiptCounts, unknownStyleRefusal, type ReceiptCommand } from './decide.ts';
import { receiptDecider, type ReceiptState } from './receipt.ts';

const NOW = new Date('2026-11-21T09:00:00.000Z');
const at = NOW.toISOString();
const spec = deciderSpec<ReceiptState, ReceiptEvent, ReceiptCommand>(receiptDecider, decideReceipt, NOW);

const line = { style_code: 'DR1000', style_name: 'Wrap Midi Dress', sku: 'DR1000-6-BEIGE', color: 'Beige', size: '6', quantity: 20 };
const recordData = {
  ...line,
  receipt_id: 7,
  source: 'shopify_stock' as const,
  upload_id: 'u1',
  filename: 'inventory.csv',
  row: 2,
  gatepass_number: null,
  received_date: null,
  style_known: true,
  variant_known: true,
  recorded_by: 3,
};
const recorded = (over: Partial<typeof recordData> = {}): ReceiptEvent => {
  const d = { ...recordData, ...over };
  return { type: 'StockReceiptRecorded', data: { ...d, approver: d.style_known ? 'executive2' : 'manager', at: '2026-11-20T10:00:00.000Z' } };
};
const approvedData = (over: Record<string, unknown> = {}) => ({
  receipt_id: 7,
  style_code: 'DR1000',
  sku: 'DR1000-6-BEIGE',
  color: 'Beige',
  size: '6',
  quantity: 20,
  location: 'A-1-1',
  location_type: 'bin',
  notes: null,
  gatepass_number: null,
  received_date: null,
  approved_by: 4,
  auto: false,
  style_created: false,
  variant_created: false,
  reason: 'Approved receipt #7',
  at,
  movements: [{ sku: 'DR1000-6-BEIGE', style_code: 'DR1000', location: 'A-1-1', delta: 20 }],
  ...over,
});
const approve = (over: Partial<Extract<ReceiptCommand, { type: 'ApproveReceipt' }>> = {}): ReceiptCommand => ({
  type: 'ApproveReceipt',
  actor_id: 4,
  actor_role: 'executive2',
  style_known: true,
  variant_known: true,
  destination: { location: 'A-1-1', location_type: 'bin' },
  notes: null,
  ...over,
});
const rejected: ReceiptEvent = { type: 'StockReceiptRejected', data: { receipt_id: 7, reason: 'Damaged', rejected_by: 4, at: '2026-11-20T11:00:00.000Z' } };
const approvedEarlier: ReceiptEvent = { type: 'StockReceiptApproved', data: { ...approvedData(), at: '2026-11-20T11:00:00.000Z' } };

describe('receipt decider', () => {
  describe('RecordReceipt', () => {
    it('records a receipt of a known style for executive2 or a manager to approve', () => {
      spec
        .given([])
        .when({ type: 'RecordReceipt', data: recordData, approve: null })
        .then([{ type: 'StockReceiptRecorded', data: { ...recordData, approver: 'executive2', at } }]);
    });
    it('a receipt of an unknown style waits for a manager', () => {
      spec
        .given([])
        .when({ type: 'RecordReceipt', data: { ...recordData, style_known: false, variant_known: false }, approve: null })
        .then([{ type: 'StockReceiptRecorded', data: { ...recordData, style_known: false, variant_known: false, approver: 'manager', at } }]);
    });
    it("a manager's upload of a known style is approved into RECEIVING as it is recorded", () => {
      spec
        .given([])
        .when({
          type: 'RecordReceipt',
          data: recordData,
          approve: { location: 'RECEIVING', location_type: 'receiving', actor_id: 1, actor_role: 'manager', notes: null, auto: true },
        })
        .then([
          { type: 'StockReceiptRecorded', data: { ...recordData, approver: 'executive2', at } },
          {
            type: 'StockReceiptApproved',
            data: approvedData({
              location: 'RECEIVING',
              location_type: 'receiving',
              approved_by: 1,
              auto: true,
              reason: 'Auto-approved receipt #7',
              movements: [{ sku: 'DR1000-6-BEIGE', style_code: 'DR1000', location: 'RECEIVING', delta: 20 }],
            }),
          },
        ]);
    });
    it('refuses a receipt id that already exists', () => {
      spec.given([recorded()]).when({ type: 'RecordReceipt', data: recordData, approve: null }).thenFails(409, 'Receipt #7 already exists');
    });
  });

  describe('ApproveReceipt', () => {
    it('approving a pending receipt puts its units into the chosen location', () => {
      spec.given([recorded()]).when(approve()).then([{ type: 'StockReceiptApproved', data: approvedData() }]);
    });
    it('an unknown style approved by executive2 is refused', () => {
      spec
        .given([recorded({ style_known: false, variant_known: false })])
        .when(approve({ style_known: false, variant_known: false }))
        .thenFails(403, unknownStyleRefusal('DR1000'));
    });
    it('an unknown style approved by a manager creates the style', () => {
      spec
        .given([recorded({ style_known: false, variant_known: false })])
        .when(approve({ actor_role: 'manager', actor_id: 1, style_known: false, variant_known: false }))
        .then([{ type: 'StockReceiptApproved', data: approvedData({ approved_by: 1, style_created: true, variant_created: true }) }]);
    });
    it('a style created since the receipt was recorded no longer needs a manager', () => {
      spec.given([recorded({ style_known: false, variant_known: false })]).when(approve()).then([{ type: 'StockReceiptApproved', data: approvedData() }]);
    });
    it('a known style with a new colour or size adds the SKU to the style', () => {
      spec
        .given([recorded({ variant_known: false })])
        .when(approve({ variant_known: false }))
        .then([{ type: 'StockReceiptApproved', data: approvedData({ variant_created: true }) }]);
    });
    it('cannot approve twice', () => {
      spec.given([recorded(), approvedEarlier]).when(approve()).thenFails(409, 'Receipt #7 is already approved');
    });
    it('cannot approve a rejected receipt', () => {
      spec.given([recorded(), rejected]).when(approve()).thenFails(409, 'Receipt #7 was rejected and cannot be approved');
    });
    it('a receipt that does not exist is not found', () => {
      spec.given([]).when(approve()).thenFails(404, 'Receipt not found');
    });
  });

  describe('RejectReceipt', () => {
    it('rejecting a pending receipt records the reason', () => {
      spec
        .given([recorded()])
        .when({ type: 'RejectReceipt', actor_id: 4, reason: 'Wrong delivery' })
        .then([{ type: 'StockReceiptRejected', data: { receipt_id: 7, reason: 'Wrong delivery', rejected_by: 4, at } }]);
    });
    it('cannot reject an approved receipt', () => {
      spec
        .given([recorded(), approvedEarlier])
        .when({ type: 'RejectReceipt', actor_id: 4, reason: 'x' })
        .thenFails(409, 'Receipt #7 is already approved and cannot be rejected');
    });
    it('cannot reject twice', () => {
      spec.given([recorded(), rejected]).when({ type: 'RejectReceipt', actor_id: 4, reason: 'x' }).thenFails(409, 'Receipt #7 is already rejected');
    });
  });
});

describe('receipt counts', () => {
  // given the events decided for an upload's receipts, when counted, then what its answer reports.
  const counts = decisionSpec((_: 'count', events: ReceiptEvent[]) => receiptCounts(events));
  const autoApproved = (receipt_id: number, over: Record<string, unknown> = {}): ReceiptEvent => ({
    type: 'StockReceiptApproved',
    data: { ...approvedData({ receipt_id, location: 'RECEIVING', location_type: 'receiving', auto: true, ...over }), at },
  });

  it('counts each style and SKU once, known and new apart, and adds up the units', () => {
    counts
      .given([
        recorded({ receipt_id: 1 }),
        recorded({ receipt_id: 2, sku: 'DR1000-8-BEIGE', size: '8', variant_known: false, quantity: 5 }),
        recorded({ receipt_id: 3, style_code: 'TP2000', sku: 'TP2000-S-RED', style_known: false, variant_known: false, quantity: 1 }),
        recorded({ receipt_id: 4, style_code: 'TP2000', sku: 'TP2000-S-RED', style_known: false, variant_known: false, quantity: 2 }),
      ])
      .when('count')
      .then({ new_styles: 1, existing_styles: 1, new_variants: 2, pending_approval: 4, auto_approved: 0, units: 28 });
  });
  it("a manager's upload: the receipts of known styles approved as recorded, the others left for approval", () => {
    counts
      .given([recorded({ receipt_id: 1 }), autoApproved(1), recorded({ receipt_id: 2, style_code: 'TP2000', sku: 'TP2000-S-RED', style_known: false, variant_known: false })])
      .when('count')
      .then({ new_styles: 1, existing_styles: 1, new_variants: 1, pending_approval: 1, auto_approved: 1, units: 40 });
  });
  it('a direct approval is approved, not auto-approved', () => {
    counts
      .given([recorded({ receipt_id: 1 }), { type: 'StockReceiptApproved', data: { ...approvedData({ receipt_id: 1 }), at } }])
      .when('count')
      .thenMatches({ pending_approval: 0, auto_approved: 0, units: 20 });
  });
  it('an upload of nothing counts nothing', () => {
    counts.given([]).when('count').then({ new_styles: 0, existing_styles: 0, new_variants: 0, pending_approval: 0, auto_approved: 0, units: 0 });
  });
});
