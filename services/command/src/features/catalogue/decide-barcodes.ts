import { MAX_BARCODES_PER_SKU, type Barcode, type SkuBarcode, type StyleEvent, type StyleSource } from '@wh/contracts';
import { conflict, notFound, type DomainError } from '../../platform/errors.ts';
import { STYLE_NOT_FOUND } from '../../domain/decide-style.ts';
import type { ExistingStyle, StyleState } from '../../domain/style.ts';

// The barcodes of a style's SKUs (contracts, catalogue/barcodes.ts, reads and checks the codes): which SKU may take
// a barcode, and taking it off again. A barcode is on one SKU at most across the catalogue: what another style's SKU
// holds comes from the barcode registry, read with the stream (`holder`); two writers racing for one barcode meet on
// the registry's key, and the loser decides again with the winner as the holder.

export type BarcodeCommand =
  // holder: the SKU the barcode registry says holds the barcode (null: none does).
  | { type: 'AddBarcode'; sku: string; barcode: Barcode; holder: string | null }
  | { type: 'RemoveBarcode'; barcode: string };

export const barcodeTaken = (barcode: string, sku: string) => `Barcode ${barcode} is already on SKU ${sku}`;
export const notAVariant = (sku: string, styleCode: string) => `SKU ${sku} is not a variant of style ${styleCode}`;
export const tooManyBarcodes = (sku: string) => `SKU ${sku} already carries ${MAX_BARCODES_PER_SKU} barcodes: remove one first`;
export const barcodeNotOnStyle = (barcode: string, styleCode: string) => `Barcode ${barcode} is not on any SKU of style ${styleCode}`;

export interface WantedBarcode {
  sku: string;
  barcode: Barcode;
}

export interface BarcodeRefusal<W extends WantedBarcode = WantedBarcode> {
  wanted: W;
  error: DomainError;
}

// Which of the wanted barcodes the style's SKUs take (one event listing them), and why each other one is refused. One
// already on its SKU is neither: nothing to do. `holders`: barcode -> the SKU holding it elsewhere in the catalogue.
export function addBarcodes<W extends WantedBarcode>(
  state: ExistingStyle,
  wanted: readonly W[],
  holders: ReadonlyMap<string, string>,
  source: StyleSource,
  at: string,
): { events: StyleEvent[]; refused: BarcodeRefusal<W>[] } {
  const held = new Map<string, string>([...holders, ...state.barcodes.map((b): [string, string] => [b.barcode, b.sku])]);
  const perSku = new Map<string, number>();
  for (const b of state.barcodes) perSku.set(b.sku, (perSku.get(b.sku) ?? 0) + 1);
  const added: SkuBarcode[] = [];
  const refused: BarcodeRefusal<W>[] = [];
  for (const w of wanted) {
    const { code, kind } = w.barcode;
    const holder = held.get(code);
    if (holder === w.sku) continue;
    if (!state.variants.some((v) => v.sku === w.sku)) refused.push({ wanted: w, error: notFound(notAVariant(w.sku, state.style_code)) });
    else if (holder !== undefined) refused.push({ wanted: w, error: conflict(barcodeTaken(code, holder)) });
    else if ((perSku.get(w.sku) ?? 0) >= MAX_BARCODES_PER_SKU) refused.push({ wanted: w, error: conflict(tooManyBarcodes(w.sku)) });
    else {
      added.push({ sku: w.sku, barcode: code, kind });
      held.set(code, w.sku);
      perSku.set(w.sku, (perSku.get(w.sku) ?? 0) + 1);
    }
  }
  const events: StyleEvent[] =
    added.length === 0 ? [] : [{ type: 'SkuBarcodesAdded', data: { style_id: state.style_id, style_code: state.style_code, barcodes: added, source, at } }];
  return { events, refused };
}

export function decideBarcode(command: BarcodeCommand, state: StyleState, now: Date): StyleEvent[] {
  if (state.status === 'absent') throw notFound(STYLE_NOT_FOUND);
  const at = now.toISOString();
  switch (command.type) {
    case 'AddBarcode': {
      const holders = new Map(command.holder === null ? [] : [[command.barcode.code, command.holder]]);
      const { events, refused } = addBarcodes(state, [{ sku: command.sku, barcode: command.barcode }], holders, 'manual', at);
      if (refused[0]) throw refused[0].error;
      return events;
    }
    case 'RemoveBarcode': {
      const on = state.barcodes.find((b) => b.barcode === command.barcode);
      if (!on) throw notFound(barcodeNotOnStyle(command.barcode, state.style_code));
      return [{ type: 'SkuBarcodeRemoved', data: { style_id: state.style_id, style_code: state.style_code, sku: on.sku, barcode: on.barcode, at } }];
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
