import { locationTypeLabel } from '@wh/contracts/inventory/events';
import type { SelectableLocation, SelectableLocations } from '@wh/contracts/inventory/http';
import { compareSizes } from '@wh/contracts/platform/sizes';
import { manualApproveBodySchema, type ManualApproveBody } from '@wh/contracts/receiving/http';

// Direct stock approval (spec section 5): a selected style, a colour, a quantity of at least 1 and a chosen
// location; size optional (empty is Free Size). The contract's schema words the messages.

export interface ApprovalDraft {
  styleCode: string | null;
  color: string;
  size: string;
  quantity: string;
  locationId: number | null;
  gatepassNumber: string;
  notes: string;
  date: string;
}

export type ApprovalField = 'style_code' | 'color' | 'size' | 'quantity' | 'location_id' | 'gatepass_number' | 'notes' | 'date';
export type ApprovalErrors = Partial<Record<ApprovalField, string>>;

export function emptyDraft(date: string): ApprovalDraft {
  return { styleCode: null, color: '', size: '', quantity: '1', locationId: null, gatepassNumber: '', notes: '', date };
}

export function parseApproval(
  draft: ApprovalDraft,
  locations: readonly SelectableLocation[],
): { body: ManualApproveBody; errors: null } | { body: null; errors: ApprovalErrors } {
  const location = locations.find((l) => l.id === draft.locationId);
  const result = manualApproveBodySchema.safeParse({
    style_code: draft.styleCode ?? '',
    color: draft.color,
    size: draft.size.trim() || null,
    quantity: draft.quantity.trim() === '' ? Number.NaN : Number(draft.quantity.trim()),
    location_type: location?.type,
    location_id: location?.id,
    gatepass_number: draft.gatepassNumber,
    notes: draft.notes,
    date: draft.date || null,
  });
  if (result.success) return { body: result.data, errors: null };
  const errors: ApprovalErrors = {};
  for (const [field, messages] of Object.entries(result.error.flatten().fieldErrors) as [string, string[] | undefined][]) {
    const key = field === 'location_type' ? 'location_id' : (field as ApprovalField);
    errors[key] ??= messages?.[0];
  }
  return { body: null, errors };
}

/** 'A-1-1 · Bin · 40 free' — what the location choice shows. */
export function locationLabel(location: SelectableLocation): string {
  const space = location.available_space === null ? 'no capacity limit' : `${location.available_space} free`;
  return `${location.location} · ${locationTypeLabel(location.type)} · ${space}`;
}

/** Bins, then racks; full locations (no space left) are left out. */
export function locationChoices(locations: SelectableLocations | undefined): SelectableLocation[] {
  if (!locations) return [];
  return [...locations.bins, ...locations.racks].filter((l) => l.available_space === null || l.available_space > 0);
}

/** The item's own values first, then the spec's list; values the style lacks are marked, since approving adds them. */
export function valueChoices(own: readonly string[], spec: readonly string[]): { id: string; label: string }[] {
  const have = new Set(own.map((v) => v.toLowerCase()));
  return [
    ...own.map((v) => ({ id: v, label: v })),
    ...spec.filter((v) => !have.has(v.toLowerCase())).map((v) => ({ id: v, label: `${v} (new SKU)` })),
  ];
}

/** The size choices: the style's own and the spec's, in garment order (6, 8, 10 ... XS, S, M). */
export function sizeChoices(own: readonly string[], spec: readonly string[]): { id: string; label: string }[] {
  return valueChoices(own, spec).sort((a, b) => compareSizes(a.id, b.id));
}
