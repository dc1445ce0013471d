import { can, type Role } from '@wh/contracts/auth/permissions';
import type { ReceiptSource } from '@wh/contracts/receiving/events';
import type { Receipt } from '@wh/contracts/receiving/http';

export const NEEDS_MANAGER = 'Needs manager';

/** A receipt of an unknown style waits for a manager, who creates the style by approving it. */
export function canDecide(role: Role, receipt: Pick<Receipt, 'approver'>): boolean {
  return receipt.approver === 'manager' ? can(role, 'stock:approve-unknown-styles') : can(role, 'stock:approve');
}

const SOURCE_LABELS: Record<ReceiptSource, string> = {
  shopify_stock: 'Online-shop stock',
  manual_stock: 'Manual stock',
  direct: 'Direct approval',
};
export const sourceLabel = (source: ReceiptSource) => SOURCE_LABELS[source];
