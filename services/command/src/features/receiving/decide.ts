import { can, type ReceiptEvent, type ReceiptLine, type Role } from '@wh/contracts';
import { forbidden, illegalTransition, notFound } from '../../platform/errors.ts';
import type { ExistingReceipt, ReceiptState } from './receipt.ts';

export interface Destination {
  location: string;
  location_type: string;
}

export type ReceiptCommand =
  | {
      type: 'RecordReceipt';
      data: Omit<Extract<ReceiptEvent, { type: 'StockReceiptRecorded' }>['data'], 'approver' | 'at'>;
      // Approve as recorded: a manager's own upload of a known style, or a direct approval.
      approve: (Destination & { actor_id: number | null; actor_role: Role; notes: string | null; auto: boolean }) | null;
    }
  | {
      type: 'ApproveReceipt';
      actor_id: number | null;
      actor_role: Role;
      // What the registries say now: a style created since the receipt was recorded no longer needs a manager.
      style_known: boolean;
      variant_known: boolean;
      destination: Destination;
      notes: string | null;
    }
  | { type: 'RejectReceipt'; actor_id: number | null; reason: string };

export const RECEIPT_NOT_FOUND = 'Receipt not found';

export const unknownStyleRefusal = (styleCode: string) =>
  `Style ${styleCode} is not in the catalogue yet. Only a manager can approve it; approving creates the style.`;

function existing(state: ReceiptState): ExistingReceipt {
  if (state.status === 'absent') throw notFound(RECEIPT_NOT_FOUND);
  return state;
}

export function approvalReason(receiptId: number, gatepass: string | null, auto: boolean): string {
  const what = `${auto ? 'Auto-approved' : 'Approved'} receipt #${receiptId}`;
  return gatepass ? `${what} (gatepass ${gatepass})` : what;
}

function approval(
  receipt: ReceiptLine & { receipt_id: number; gatepass_number: string | null; received_date: string | null },
  command: { actor_id: number | null; actor_role: Role; style_known: boolean; variant_known: boolean; notes: string | null; auto: boolean },
  destination: Destination,
  at: string,
): ReceiptEvent {
  if (!command.style_known && !can(command.actor_role, 'stock:approve-unknown-styles')) {
    throw forbidden(unknownStyleRefusal(receipt.style_code));
  }
  return {
    type: 'StockReceiptApproved',
    data: {
      receipt_id: receipt.receipt_id,
      style_code: receipt.style_code,
      sku: receipt.sku,
      color: receipt.color,
      size: receipt.size,
      quantity: receipt.quantity,
      location: destination.location,
      location_type: destination.location_type,
      notes: command.notes,
      gatepass_number: receipt.gatepass_number,
      received_date: receipt.received_date,
      approved_by: command.actor_id,
      auto: command.auto,
      style_created: !command.style_known,
      variant_created: !command.variant_known,
      reason: approvalReason(receipt.receipt_id, receipt.gatepass_number, command.auto),
      at,
      movements: [{ sku: receipt.sku, style_code: receipt.style_code, location: destination.location, delta: receipt.quantity }],
    },
  };
}

// Pure: the state before, the command, the time; returns the events or throws a DomainError.
export function decideReceipt(command: ReceiptCommand, state: ReceiptState, now: Date): ReceiptEvent[] {
  const at = now.toISOString();
  switch (command.type) {
    case 'RecordReceipt': {
      if (state.status !== 'absent') throw illegalTransition(`Receipt #${command.data.receipt_id} already exists`);
      const d = command.data;
      const recorded: ReceiptEvent = {
        type: 'StockReceiptRecorded',
        data: { ...d, approver: d.style_known ? 'executive2' : 'manager', at },
      };
      if (!command.approve) return [recorded];
      const { actor_id, actor_role, notes, auto, ...destination } = command.approve;
      const options = { actor_id, actor_role, notes, auto, style_known: d.style_known, variant_known: d.variant_known };
      return [recorded, approval(d, options, destination, at)];
    }

    case 'ApproveReceipt': {
      const receipt = existing(state);
      if (receipt.status === 'approved') throw illegalTransition(`Receipt #${receipt.id} is already approved`);
      if (receipt.status === 'rejected') throw illegalTransition(`Receipt #${receipt.id} was rejected and cannot be approved`);
      return [approval({ ...receipt, receipt_id: receipt.id }, { ...command, auto: false }, command.destination, at)];
    }

    case 'RejectReceipt': {
      const receipt = existing(state);
      if (receipt.status === 'approved') throw illegalTransition(`Receipt #${receipt.id} is already approved and cannot be rejected`);
      if (receipt.status === 'rejected') throw illegalTransition(`Receipt #${receipt.id} is already rejected`);
      return [{ type: 'StockReceiptRejected', data: { receipt_id: receipt.id, reason: command.reason, rejected_by: command.actor_id, at } }];
    }

    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

// What an upload's receipts add up to, as its answer reports them: the styles and SKUs the catalogue did and did not
// know (each counted once), the receipts left for approval and those approved as recorded, and the units received.
export interface ReceiptCounts {
  new_styles: number;
  existing_styles: number;
  new_variants: number;
  pending_approval: number;
  auto_approved: number;
  units: number;
}

// Pure: the counts of the events decided for an upload's receipts (decideReceipt, RecordReceipt). One pass with no
// arrays in between: an upload's 100,000 receipts are counted within one turn of the event loop.
export function receiptCounts(events: readonly ReceiptEvent[]): ReceiptCounts {
  const newStyles = new Set<string>();
  const existingStyles = new Set<string>();
  const newVariants = new Set<string>();
  let recorded = 0;
  let approved = 0;
  let auto = 0;
  let units = 0;
  for (const e of events) {
    if (e.type === 'StockReceiptApproved') {
      approved++;
      if (e.data.auto) auto++;
    } else if (e.type === 'StockReceiptRecorded') {
      const r = e.data;
      recorded++;
      units += r.quantity;
      (r.style_known ? existingStyles : newStyles).add(r.style_code);
      if (!r.variant_known) newVariants.add(r.sku);
    }
  }
  return {
    new_styles: newStyles.size,
    existing_styles: existingStyles.size,
    new_variants: newVariants.size,
    pending_approval: recorded - approved,
    auto_approved: auto,
    units,
  };
}
