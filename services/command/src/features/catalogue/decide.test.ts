import { describe, it } from 'vitest';
import type { StyleEvent } from '@wh/contracts';
import { decisionSpec } from '../../platform/decider-spec.ts';
import { decideImport, type ImportFacts } from './import.ts';
import type { ImportedStyle } from './shopify-products.ts';
import { styleDecider } from '../../domain/style.ts';

const NOW = new Date('2026-11-21T09:00:00.000Z');
const at = NOW.toISOString();

const tee = { style_id: 7, style_code: 'TS1', name: 'Tee', is_jeans: false, images: [] as string[] };
const created: StyleEvent = {
  type: 'StyleCreated',
  data: { ...tee, variants: [{ sku: 'TS1-S-RED', size: 'S', color: 'Red' }], source: 'manual', at: '2026-11-01T00:00:00.000Z' },
};

describe('style import decision', () => {
  const importSpec = decisionSpec((styles: ImportedStyle[], facts: ImportFacts) => decideImport(styles, facts, NOW));
  const row = (over: Partial<ImportedStyle> = {}): ImportedStyle => ({
    row: 2,
    style_code: 'TS1',
    name: 'Tee',
    is_jeans: false,
    images: [],
    variants: [{ sku: 'TS1-S-RED', size: 'S', color: 'Red' }],
    ...over,
  });
  const absent = { style_id: 9, version: 0, state: styleDecider.initialState() };
  const known = { style_id: 7, version: 1, state: [created].reduce(styleDecider.evolve, styleDecider.initialState()) };

  it('creates the styles the catalogue lacks with the ids drawn, and adds SKUs to the ones it has, each at its version', () => {
    importSpec
      .given({ styles: new Map([['TS1', known], ['DR2', absent]]) })
      .when([
        row({ variants: [{ sku: 'TS1-S-RED', size: 'S', color: 'Red' }, { sku: 'TS1-M-RED', size: 'M', color: 'Red' }] }),
        row({ row: 5, style_code: 'DR2', name: 'Dress', variants: [{ sku: 'DR2-8-BLUE', size: '8', color: 'Blue' }] }),
      ])
      .then({
        appends: [
          {
            streamId: 'style-7',
            expectedVersion: 1,
            events: [{ type: 'StyleVariantsAdded', data: { style_id: 7, style_code: 'TS1', variants: [{ sku: 'TS1-M-RED', size: 'M', color: 'Red' }], source: 'shopify_upload', at } }],
          },
          {
            streamId: 'style-9',
            expectedVersion: 0,
            events: [
              {
                type: 'StyleCreated',
                data: { style_id: 9, style_code: 'DR2', name: 'Dress', is_jeans: false, images: [], variants: [{ sku: 'DR2-8-BLUE', size: '8', color: 'Blue' }], source: 'shopify_upload', at },
              },
            ],
          },
        ],
        result: { new_styles: 1, existing_styles: 1, new_variants: 2 },
      });
  });

  it('a file that says what the catalogue already holds appends nothing', () => {
    importSpec.given({ styles: new Map([['TS1', known]]) }).when([row()]).then({ appends: [], result: { new_styles: 0, existing_styles: 1, new_variants: 0 } });
  });
});
