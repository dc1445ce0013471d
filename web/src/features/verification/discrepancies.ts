// The discrepancy editor's rows (spec sections 3, 5): item_id defaults to the order's first item, or 0;
// the Item dropdown's value is text and is sent as a whole number.

export interface DiscrepancyDraft {
  key: number;
  item_id: string;
  issue: string;
  resolution: string;
}

export interface DiscrepancyPayload {
  item_id: number;
  issue: string;
  resolution: string;
}

export function newDiscrepancy(key: number, items: readonly { id: number }[]): DiscrepancyDraft {
  return { key, item_id: String(items[0]?.id ?? 0), issue: '', resolution: '' };
}

export function toPayload(drafts: readonly DiscrepancyDraft[]): DiscrepancyPayload[] {
  return drafts.map((d) => {
    const id = Number.parseInt(d.item_id, 10);
    return { item_id: Number.isNaN(id) ? 0 : id, issue: d.issue.trim(), resolution: d.resolution.trim() };
  });
}

export const itemOptionLabel = (item: { sku: string; style_name: string | null }) => `${item.sku} - ${item.style_name ?? ''}`;
