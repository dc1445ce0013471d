import {
  binAllocationStreamId,
  RECEIVING_LOCATION,
  skuOf,
  type BinAllocationEvent,
  type BinAllocationResult,
  type LocationEvent,
  type StyleEvent,
  type UploadRowError,
} from '@wh/contracts';
import { nextIds, runCommand, type CommandHandler, type Decision, type Executor } from '../../platform/command.ts';
import { badRequest } from '../../platform/errors.ts';
import type { StreamAppend } from '../../platform/event-store.ts';
import { registerLocationEvents, registerStyleEvents } from '../../platform/registries.ts';
import {
  applyStockMovements,
  lockStockLevels,
  overCapacity,
  readLocationLoads,
  stockKey,
  type LocationLoad,
  type StockMovement,
} from '../../platform/stock.ts';
import { decideCatalogueAdditions, inChunks, readCatalogue, type CatalogueFacts, type CatalogueNeed } from './catalogue.ts';
import { RECEIVING_RACES } from './commands.ts';
import type { Destination } from './decide.ts';
import { ALLOCATED_LOCATION_CAPACITY, creatableLocation, decideAllocatedLocations, locationsByCode, type KnownLocation } from './locations.ts';
import type { SheetLine } from './bin-allocation-sheet.ts';
import { displaySize } from './stock-files.ts';
// Applying a bin allocation sheet (bin-allocation-sheet.ts): each line sets how many units of a SKU a location holds.
// Units move between RECEIVING and the location to reach it, so the same sheet twice changes nothing.

export interface Variant {
  sku: string;
  style_code: string;
  size: string;
  color: string;
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

// Which SKU a line names, or why it names none. `newVariant` when the style is known but lacks this colour and size.
function resolveSku(
  line: SheetLine,
  styles: ReadonlySet<string>,
  variantsByStyle: ReadonlyMap<string, Variant[]>,
  variantsBySku: ReadonlyMap<string, Variant>,
): { variant: Variant; newVariant: boolean } | { error: string } {
  if (line.sku) {
    const variant = variantsBySku.get(line.sku);
    return variant ? { variant, newVariant: false } : { error: `Unknown SKU ${line.sku}` };
  }
  if (!styles.has(line.style_code)) return { error: `Unknown style code ${line.style_code}` };
  if (line.color && line.size) {
    const sku = skuOf(line.style_code, line.size, line.color);
    const known = variantsBySku.get(sku);
    if (known) return { variant: known, newVariant: false };
    return { variant: { sku, style_code: line.style_code, size: displaySize(line.size), color: line.color.trim() }, newVariant: true };
  }
  const candidates = (variantsByStyle.get(line.style_code) ?? []).filter(
    (v) => (!line.color || sameText(v.color, line.color)) && (!line.size || sameText(v.size, displaySize(line.size))),
  );
  if (candidates.length === 1) return { variant: candidates[0]!, newVariant: false };
  const named = [line.color && `colour ${line.color}`, line.size && `size ${line.size}`].filter(Boolean).join(' and ');
  if (candidates.length === 0) {
    return { error: `Style ${line.style_code} has no SKU${named ? ` in ${named}` : ''}: add Color and Size columns to name one` };
  }
  return {
    error: `Style ${line.style_code} has ${candidates.length} SKUs${named ? ` in ${named}` : ''}: add Color and Size columns (or a SKU column) to say which one`,
  };
}

// What a sheet appends: the counts, and the locations and SKUs it names that the warehouse lacks.
type AllocationEvent = BinAllocationEvent | LocationEvent | StyleEvent;

// What the catalogue and the layout say of a sheet's codes.
export interface SheetFacts {
  // The sheet's style codes the catalogue knows.
  styles: ReadonlySet<string>;
  variants: readonly Variant[];
  locations: ReadonlyMap<string, KnownLocation>;
}

// The sheet's lines checked against the catalogue and the layout: those it can apply, with their SKU and location
// resolved, and a row error for each of the rest.
export interface AllocationPlan {
  accepted: (SheetLine & Variant & { location_type: string })[];
  errors: UploadRowError[];
  newLocations: Destination[];
  newVariants: CatalogueNeed[];
}

// Pure. A sheet none of whose lines can be applied is refused with its first error.
export function planAllocation(sheet: { lines: readonly SheetLine[]; errors: readonly UploadRowError[] }, facts: SheetFacts): AllocationPlan {
  const errors = [...sheet.errors];
  const { styles } = facts;
  const variantsBySku = new Map(facts.variants.map((v) => [v.sku, v]));
  const variantsByStyle = new Map<string, Variant[]>();
  for (const v of facts.variants) variantsByStyle.set(v.style_code, [...(variantsByStyle.get(v.style_code) ?? []), v]);
  const accepted: AllocationPlan['accepted'] = [];
  const newLocations = new Map<string, Destination>();
  const newVariants = new Map<string, CatalogueNeed>();
  for (const line of sheet.lines) {
    const resolved = resolveSku(line, styles, variantsByStyle, variantsBySku);
    if ('error' in resolved) {
      errors.push({ row: line.row, error: resolved.error });
      continue;
    }
    if (line.location === RECEIVING_LOCATION) {
      errors.push({ row: line.row, error: 'RECEIVING is not a bin: name the bin or rack that holds the units' });
      continue;
    }
    const location = facts.locations.get(line.location);
    if (location && !location.is_active) {
      errors.push({ row: line.row, error: `Location ${line.location} is inactive` });
      continue;
    }
    const destination = location ?? newLocations.get(line.location) ?? creatableLocation(line.location);
    if (!destination) {
      errors.push({ row: line.row, error: `Unknown location ${line.location}: bin numbers look like A-1-1` });
      continue;
    }
    if (!location) newLocations.set(line.location, destination);
    const { variant } = resolved;
    if (resolved.newVariant) newVariants.set(variant.sku, { ...variant, style_name: null });
    accepted.push({ ...line, ...variant, location_type: destination.location_type });
  }
  errors.sort((a, b) => a.row - b.row);
  return { accepted, errors, newLocations: [...newLocations.values()], newVariants: [...newVariants.values()] };
}

// What the plan's lines touch: their stock, locked; how full their locations with a capacity are; ids for the
// locations it creates; what the catalogue knows of the SKUs it adds.
export interface CountFacts {
  // stockKey(sku, location) -> units there now; a key without a row holds none.
  counts: ReadonlyMap<string, number>;
  // Location -> its capacity and what it holds in all now, for the sheet's locations that have a capacity.
  loads: ReadonlyMap<string, LocationLoad>;
  locationIds: readonly number[];
  catalogue: CatalogueFacts;
}

// Pure: each line sets how many units of its SKU its location holds. More than the location holds come from
// RECEIVING, and what RECEIVING lacks was found; fewer go back to RECEIVING. A line that changes nothing records nothing.
// The sheet is a physical count, so units counted in a location are recorded there even past its capacity (moving
// them elsewhere on paper would send pickers to the wrong bin); the answer names each location that is over.
export function decideBinAllocation(
  plan: AllocationPlan,
  facts: SheetFacts & CountFacts,
  o: { filename: string; uploadId: string; actorId: number | null; at: string },
): Decision<BinAllocationResult, AllocationEvent> {
  const first = plan.errors[0];
  if (plan.accepted.length === 0 && first) throw badRequest(`File validation failed: Row ${first.row}: ${first.error}`);
  const counts = new Map(facts.counts);
  const events: BinAllocationEvent[] = [];
  for (const r of plan.accepted) {
    const here = counts.get(stockKey(r.sku, r.location)) ?? 0;
    const receiving = counts.get(stockKey(r.sku, RECEIVING_LOCATION)) ?? 0;
    const diff = r.quantity - here;
    if (diff === 0) continue;
    const fromReceiving = diff > 0 ? Math.min(diff, receiving) : diff;
    const found = diff > 0 ? diff - fromReceiving : 0;
    const movements: (StockMovement & { style_code: string })[] = [{ sku: r.sku, style_code: r.style_code, location: r.location, delta: diff }];
    if (fromReceiving !== 0) movements.push({ sku: r.sku, style_code: r.style_code, location: RECEIVING_LOCATION, delta: -fromReceiving });
    counts.set(stockKey(r.sku, r.location), r.quantity);
    counts.set(stockKey(r.sku, RECEIVING_LOCATION), receiving - fromReceiving);
    events.push({
      type: 'BinStockCounted',
      data: {
        upload_id: o.uploadId,
        filename: o.filename,
        row: r.row,
        location: r.location,
        location_type: r.location_type,
        style_code: r.style_code,
        sku: r.sku,
        color: r.color,
        size: r.size,
        previous_quantity: here,
        quantity: r.quantity,
        from_receiving: fromReceiving,
        found,
        as_of: r.as_of,
        counted_by: o.actorId,
        reason: `Bin allocation: ${r.location} holds ${r.quantity} (was ${here})${found > 0 ? `, ${found} found` : ''}`,
        at: o.at,
        movements,
      },
    });
  }
  const appends: StreamAppend<AllocationEvent>[] = [
    ...decideAllocatedLocations(plan.newLocations, facts.locationIds, o.at),
    ...decideCatalogueAdditions(plan.newVariants, facts.catalogue, o.at),
  ];
  if (events.length > 0) appends.push({ streamId: binAllocationStreamId(o.uploadId), expectedVersion: 0, events });
  const { accepted, errors } = plan;
  // A location the sheet creates starts empty with the capacity it is created with.
  const loads = new Map(facts.loads);
  for (const l of plan.newLocations) loads.set(l.location, { capacity: ALLOCATED_LOCATION_CAPACITY, quantity: 0 });
  const over = overCapacity(loads, events.flatMap((e) => e.data.movements));
  return {
    appends,
    result: {
      success: true,
      message: allocationMessage(accepted.length, events.length, errors.length, over.length),
      processed_records: accepted.length,
      new_styles: 0,
      existing_styles: new Set(accepted.map((r) => r.style_code)).size,
      new_variants: plan.newVariants.length,
      updated_inventory: events.length,
      skipped_gift_vouchers: 0,
      pending_approval: 0,
      auto_approved: 0,
      errors,
      units: accepted.reduce((sum, r) => sum + r.quantity, 0),
      locations: new Set(accepted.map((r) => r.location)).size,
      found_units: events.reduce((sum, e) => sum + e.data.found, 0),
      over_capacity: over,
    },
  };
}

async function readSheetFacts(db: Executor, lines: readonly SheetLine[]): Promise<SheetFacts> {
  const styleCodes = [...new Set(lines.map((l) => l.style_code).filter(Boolean))];
  const skus = [...new Set(lines.map((l) => l.sku).filter(Boolean))];
  const variantColumns = ['sku', 'style_code', 'size', 'color'] as const;
  const variants: Variant[] = [
    ...(await inChunks(styleCodes, (chunk) => db.selectFrom('variant_registry').select(variantColumns).where('style_code', 'in', chunk).execute())),
    ...(await inChunks(skus, (chunk) => db.selectFrom('variant_registry').select(variantColumns).where('sku', 'in', chunk).execute())),
  ];
  const { styles } = await readCatalogue(db, styleCodes, []);
  return { styles: new Set(styles.keys()), variants, locations: await locationsByCode(db, lines.map((l) => l.location)) };
}

export interface SheetInput {
  sheet: { lines: SheetLine[]; errors: UploadRowError[] };
  filename: string;
  uploadId: string;
  actorId: number | null;
}

export const applyBinAllocation: CommandHandler<SheetInput, BinAllocationResult> = (ctx, { sheet, ...o }, metadata) => {
  const now = ctx.now();
  return runCommand(
    ctx.db,
    {
      locks: true,
      retryOn: RECEIVING_RACES,
      read: async (trx) => {
        const facts = await readSheetFacts(trx, sheet.lines);
        const plan = planAllocation(sheet, facts);
        const counts = await lockStockLevels(
          trx,
          plan.accepted.flatMap((r) => [
            { sku: r.sku, location: r.location },
            { sku: r.sku, location: RECEIVING_LOCATION },
          ]),
        );
        const loads = await readLocationLoads(trx, plan.accepted);
        const locationIds = await nextIds(trx, 'location_registry_id_seq', plan.newLocations.length);
        const catalogue = await readCatalogue(trx, plan.newVariants.map((v) => v.style_code), plan.newVariants.map((v) => v.sku), [], plan.newVariants);
        return { plan, facts: { ...facts, counts, loads, locationIds, catalogue } };
      },
      decide: ({ plan, facts }) => decideBinAllocation(plan, facts, { ...o, at: now.toISOString() }),
      appendWith: ({ appends }) => ({
        effects: async (trx) => {
          for (const a of appends) {
            const { events } = a;
            await registerLocationEvents(trx, events.flatMap((e) => (e.type === 'LocationCreated' ? [e] : [])));
            const styleEvents = events.flatMap((e) => (e.type === 'StyleCreated' || e.type === 'StyleVariantsAdded' ? [e] : []));
            if (styleEvents.length > 0) await registerStyleEvents(trx, styleEvents);
            await applyStockMovements(trx, events.flatMap((e) => (e.type === 'BinStockCounted' ? e.data.movements : [])));
          }
        },
      }),
    },
    metadata,
  );
};

function allocationMessage(rows: number, changed: number, errors: number, over: number): string {
  const parts = [`Bin allocation processed: ${rows} ${rows === 1 ? 'row' : 'rows'}`, `${changed} ${changed === 1 ? 'count' : 'counts'} changed`];
  if (errors > 0) parts.push(`${errors} ${errors === 1 ? 'row' : 'rows'} with errors`);
  if (over > 0) parts.push(`${over} ${over === 1 ? 'location' : 'locations'} over capacity`);
  return parts.join(', ');
}
