import { describe, it } from 'vitest';
import { skuOf, type UploadRowError } from '@wh/contracts';
import { styleDecider } from '../../domain/style.ts';
import { decisionSpec } from '../../platform/decider-spec.ts';
import { stockKey, type LocationLoad } from '../../platform/stock.ts';
import { decideBinAllocation, planAllocation, type CountFacts, type SheetFacts, type Variant } from './bin-allocation.ts';
import type { SheetLine } from './bin-allocation-sheet.ts';

// The decision a bin-allocation sheet makes over what the catalogue, the layout and the stock say: given(facts),
// when(sheet), then(what it appends and answers).

const NOW = new Date('2026-11-21T09:00:00.000Z');
const at = NOW.toISOString();
const upload = { filename: 'bins.csv', uploadId: 'u1', actorId: 4, at };

const jumper: Variant = { sku: 'JP100-M-NAVY', style_code: 'JP100', size: 'M', color: 'Navy' };
const jumperLarge: Variant = { sku: 'JP100-L-NAVY', style_code: 'JP100', size: 'L', color: 'Navy' };

// The jumper's style as its stream folds: created with the one SKU.
const jumperStyle = styleDecider.evolve(styleDecider.initialState(), {
  type: 'StyleCreated',
  data: { style_id: 11, style_code: 'JP100', name: 'Jumper', is_jeans: false, images: [], variants: [{ sku: jumper.sku, size: 'M', color: 'Navy' }], source: 'manual', at },
});

type Facts = SheetFacts & CountFacts;
const facts = (
  over: { counts?: Record<string, number>; loads?: Record<string, LocationLoad>; variants?: Variant[]; locationIds?: number[]; inactive?: string[] } = {},
): Facts => ({
  styles: new Set(['JP100']),
  catalogue: {
    styles: new Map([['JP100', { style_id: 11 }]]),
    skus: new Set((over.variants ?? [jumper]).map((v) => v.sku)),
    folded: new Map([['JP100', { version: 2, state: jumperStyle }]]),
    newStyleIds: new Map(),
  },
  variants: over.variants ?? [jumper],
  locations: new Map(
    ['A-1-1', 'A-1-2', ...(over.inactive ?? [])].map((code, i) => [
      code,
      { id: i + 1, location: code, location_type: 'bin', is_active: !(over.inactive ?? []).includes(code) },
    ]),
  ),
  // Written as sku@location.
  counts: new Map(
    Object.entries(over.counts ?? {}).map(([key, n]) => {
      const [sku, location] = key.split('@');
      return [stockKey(sku!, location!), n];
    }),
  ),
  // A-1-1 and A-1-2 hold 40 units each, and what `counts` puts in them, unless `loads` says otherwise.
  loads: new Map(Object.entries(over.loads ?? { 'A-1-1': { capacity: 40, quantity: 0 }, 'A-1-2': { capacity: 40, quantity: 0 } })),
  locationIds: over.locationIds ?? [],
});

const line = (over: Partial<SheetLine> = {}): SheetLine => ({
  row: 2,
  location: 'A-1-1',
  style_code: 'JP100',
  sku: 'JP100-M-NAVY',
  color: '',
  size: '',
  quantity: 6,
  as_of: null,
  ...over,
});
const sheet = (...lines: SheetLine[]) => ({ lines, errors: [] as UploadRowError[] });

const spec = decisionSpec((s: { lines: SheetLine[]; errors: UploadRowError[] }, f: Facts) => decideBinAllocation(planAllocation(s, f), f, upload));

const counted = (over: Record<string, unknown>) => ({
  type: 'BinStockCounted',
  data: {
    upload_id: 'u1',
    filename: 'bins.csv',
    row: 2,
    location: 'A-1-1',
    location_type: 'bin',
    style_code: 'JP100',
    sku: 'JP100-M-NAVY',
    color: 'Navy',
    size: 'M',
    as_of: null,
    counted_by: 4,
    at,
    ...over,
  },
});

describe('bin allocation decision', () => {
  it('given 2 units in A-1-1 and 5 in RECEIVING, a line saying A-1-1 holds 6 takes 4 from RECEIVING', () => {
    spec
      .given(facts({ counts: { [`JP100-M-NAVY@A-1-1`]: 2, [`JP100-M-NAVY@RECEIVING`]: 5 } }))
      .when(sheet(line()))
      .thenMatches({
        appends: [
          {
            streamId: 'bin-allocation-u1',
            expectedVersion: 0,
            events: [
              counted({
                previous_quantity: 2,
                quantity: 6,
                from_receiving: 4,
                found: 0,
                reason: 'Bin allocation: A-1-1 holds 6 (was 2)',
                movements: [
                  { sku: 'JP100-M-NAVY', style_code: 'JP100', location: 'A-1-1', delta: 4 },
                  { sku: 'JP100-M-NAVY', style_code: 'JP100', location: 'RECEIVING', delta: -4 },
                ],
              }),
            ],
          },
        ],
        result: { success: true, processed_records: 1, updated_inventory: 1, found_units: 0, units: 6, locations: 1, errors: [] },
      });
  });

  it('what RECEIVING lacks was found', () => {
    spec
      .given(facts({ counts: { [`JP100-M-NAVY@RECEIVING`]: 1 } }))
      .when(sheet(line({ quantity: 5 })))
      .thenMatches({
        appends: [{ events: [counted({ previous_quantity: 0, quantity: 5, from_receiving: 1, found: 4, reason: 'Bin allocation: A-1-1 holds 5 (was 0), 4 found' })] }],
        result: { found_units: 4, message: 'Bin allocation processed: 1 row, 1 count changed' },
      });
  });

  it('fewer units than the location holds go back to RECEIVING', () => {
    spec
      .given(facts({ counts: { [`JP100-M-NAVY@A-1-1`]: 5 } }))
      .when(sheet(line({ quantity: 2 })))
      .thenMatches({
        appends: [
          {
            events: [
              counted({
                previous_quantity: 5,
                quantity: 2,
                from_receiving: -3,
                found: 0,
                movements: [
                  { sku: 'JP100-M-NAVY', style_code: 'JP100', location: 'A-1-1', delta: -3 },
                  { sku: 'JP100-M-NAVY', style_code: 'JP100', location: 'RECEIVING', delta: 3 },
                ],
              }),
            ],
          },
        ],
      });
  });

  it('a count the location already holds records nothing: the same sheet twice changes nothing', () => {
    spec
      .given(facts({ counts: { [`JP100-M-NAVY@A-1-1`]: 6 } }))
      .when(sheet(line()))
      .thenMatches({ appends: [], result: { processed_records: 1, updated_inventory: 0, message: 'Bin allocation processed: 1 row, 0 counts changed' } });
  });

  it('two lines for one SKU count on from each other: the second sees what the first put in RECEIVING', () => {
    spec
      .given(facts({ counts: { [`JP100-M-NAVY@A-1-1`]: 4 } }))
      .when(sheet(line({ quantity: 1 }), line({ row: 3, location: 'A-1-2', quantity: 3 })))
      .thenMatches({
        appends: [
          {
            events: [
              counted({ previous_quantity: 4, quantity: 1, from_receiving: -3 }),
              counted({ row: 3, location: 'A-1-2', previous_quantity: 0, quantity: 3, from_receiving: 3, found: 0 }),
            ],
          },
        ],
      });
  });

  it('a bin the layout lacks is created with the drawn id (J- codes as unisex jean racks)', () => {
    spec
      .given(facts({ locationIds: [31, 32] }))
      .when(sheet(line({ location: 'B-2-1' }), line({ row: 3, location: 'J-1-1' })))
      .thenMatches({
        appends: [
          {
            streamId: 'location-B-2-1',
            expectedVersion: 0,
            events: [{ type: 'LocationCreated', data: { location_id: 31, code: 'B-2-1', location_type: 'bin', capacity: 100, gender: null, at } }],
          },
          {
            streamId: 'location-J-1-1',
            expectedVersion: 0,
            events: [{ type: 'LocationCreated', data: { location_id: 32, code: 'J-1-1', location_type: 'jean_rack', capacity: 100, gender: 'unisex', at } }],
          },
          { streamId: 'bin-allocation-u1' },
        ],
      });
  });

  it('a colour and size the style lacks add the SKU to the style, at the style stream version read', () => {
    const sku = skuOf('JP100', 'XL', 'Navy');
    spec
      .given(facts())
      .when(sheet(line({ sku: '', color: 'Navy', size: 'XL', quantity: 2 })))
      .thenMatches({
        appends: [
          {
            streamId: 'style-11',
            expectedVersion: 2,
            events: [{ type: 'StyleVariantsAdded', data: { style_id: 11, style_code: 'JP100', variants: [{ sku, size: 'XL', color: 'Navy' }], source: 'receiving', at } }],
          },
          { streamId: 'bin-allocation-u1', events: [counted({ sku, size: 'XL', quantity: 2, previous_quantity: 0, found: 2 })] },
        ],
        result: { new_variants: 1 },
      });
  });

  it('reports each line it cannot apply and applies the rest', () => {
    spec
      .given(facts({ inactive: ['A-9-9'] }))
      .when(
        sheet(
          line({ row: 2, location: 'RECEIVING' }),
          line({ row: 3, location: 'A-9-9' }),
          line({ row: 4, location: 'SHELF' }),
          line({ row: 5, sku: 'NOPE-1' }),
          line({ row: 6 }),
        ),
      )
      .thenMatches({
        result: {
          processed_records: 1,
          message: 'Bin allocation processed: 1 row, 1 count changed, 4 rows with errors',
          errors: [
            { row: 2, error: 'RECEIVING is not a bin: name the bin or rack that holds the units' },
            { row: 3, error: 'Location A-9-9 is inactive' },
            { row: 4, error: 'Unknown location SHELF: bin numbers look like A-1-1' },
            { row: 5, error: 'Unknown SKU NOPE-1' },
          ],
        },
      });
  });

  it('a style named without colour and size must have one SKU, else the line says which columns name it', () => {
    spec
      .given(facts({ variants: [jumper, jumperLarge] }))
      .when(sheet(line({ sku: '' }), line({ row: 3, sku: '', size: 'L' })))
      .thenMatches({
        result: {
          processed_records: 1,
          errors: [{ row: 2, error: 'Style JP100 has 2 SKUs: add Color and Size columns (or a SKU column) to say which one' }],
        },
      });
  });

  it('given A-1-1 at 35 of 40, a count of 12 more records them there and reports A-1-1 at 47 of 40', () => {
    spec
      .given(facts({ counts: { [`JP100-M-NAVY@A-1-1`]: 3 }, loads: { 'A-1-1': { capacity: 40, quantity: 35 }, 'A-1-2': { capacity: 40, quantity: 0 } } }))
      .when(sheet(line({ quantity: 15 })))
      .thenMatches({
        appends: [{ events: [counted({ previous_quantity: 3, quantity: 15, found: 12 })] }],
        result: {
          message: 'Bin allocation processed: 1 row, 1 count changed, 1 location over capacity',
          over_capacity: [{ location: 'A-1-1', capacity: 40, quantity_after: 47 }],
        },
      });
  });

  it('counts that stay within capacity, or take units out of a full location, report nothing', () => {
    spec
      .given(facts({ counts: { [`JP100-M-NAVY@A-1-2`]: 50 }, loads: { 'A-1-1': { capacity: 40, quantity: 30 }, 'A-1-2': { capacity: 40, quantity: 50 } } }))
      .when(sheet(line({ quantity: 10 }), line({ row: 3, location: 'A-1-2', quantity: 45 })))
      .thenMatches({ result: { message: 'Bin allocation processed: 2 rows, 2 counts changed', over_capacity: [] } });
  });

  it('a bin the sheet creates has the capacity it is created with: 120 units in a new bin are 20 over', () => {
    spec
      .given(facts({ locationIds: [31] }))
      .when(sheet(line({ location: 'B-2-1', quantity: 120 })))
      .thenMatches({ result: { over_capacity: [{ location: 'B-2-1', capacity: 100, quantity_after: 120 }] } });
  });

  it('a sheet none of whose lines can be applied is refused with its first error', () => {
    spec
      .given(facts())
      .when(sheet(line({ row: 4, style_code: 'ZZ9', sku: '' }), line({ row: 3, location: 'RECEIVING' })))
      .thenFails(400, 'File validation failed: Row 3: RECEIVING is not a bin: name the bin or rack that holds the units');
  });
});
