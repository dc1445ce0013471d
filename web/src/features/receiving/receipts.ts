import { can, type Role } from '@wh/contracts/auth/permissions';
import type { ReceiptSource } from '@wh/contracts/receiving/events';
import type { BulkApproveResult, Receipt } from '@wh/contracts/receiving/http';
import { unitCount } from '../../lib/format.ts';

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

// ---- Selecting receipts to approve together ----

/** The receipts of this page the role may approve (only a manager may approve a new style). */
export const selectableIds = (role: Role, receipts: readonly Receipt[]): number[] => receipts.filter((r) => canDecide(role, r)).map((r) => r.id);

/** The selected receipts still on this page and still the role's to approve (after a reload some may have gone). */
export function selectedReceipts(role: Role, receipts: readonly Receipt[], selected: ReadonlySet<number>): Receipt[] {
  return receipts.filter((r) => selected.has(r.id) && canDecide(role, r));
}

export type PageSelection = 'all' | 'some' | 'none';

/** What the 'select all on this page' box shows: ticked, indeterminate or empty. */
export function pageSelection(selectable: readonly number[], selected: ReadonlySet<number>): PageSelection {
  const chosen = selectable.filter((id) => selected.has(id)).length;
  if (chosen === 0) return 'none';
  return chosen === selectable.length ? 'all' : 'some';
}

/** The box on the page's header: selects every selectable receipt, or clears them when all are selected. */
export function togglePage(selectable: readonly number[], selected: ReadonlySet<number>): Set<number> {
  return pageSelection(selectable, selected) === 'all' ? new Set() : new Set(selectable);
}

/** One line per receipt of a bulk approval, in the order sent: what it was and what came of it. */
export interface BulkOutcomeLine {
  id: number;
  label: string;
  approved: boolean;
  text: string;
}

export function bulkOutcomeLines(result: BulkApproveResult, sent: readonly Receipt[]): BulkOutcomeLine[] {
  const byId = new Map(sent.map((r) => [r.id, r]));
  return result.results.map((outcome) => {
    const receipt = byId.get(outcome.id);
    const label = receipt ? `${receipt.sku} · ${unitCount(receipt.quantity)}` : `Receipt #${outcome.id}`;
    if (outcome.status === 'refused') return { id: outcome.id, label, approved: false, text: `Refused: ${outcome.error}` };
    const over = outcome.over_capacity.map((o) => `${o.location} over capacity (${o.quantity_after} of ${o.capacity})`);
    return { id: outcome.id, label, approved: true, text: [`Approved into ${result.location}`, ...over].join('; ') };
  });
}

/** '3 receipts approved into A-1-1, 1 refused'. */
export function bulkSummary(result: Pick<BulkApproveResult, 'approved' | 'refused' | 'location'>): string {
  const approved = `${result.approved} ${result.approved === 1 ? 'receipt' : 'receipts'} approved into ${result.location}`;
  return result.refused > 0 ? `${approved}, ${result.refused} refused` : approved;
}
