import { describe, it } from 'vitest';
import type { StyleEvent } from '@wh/contracts';
import { deciderSpec } from '../platform/decider-spec.ts';
import { CODE_LOCKED, decideStyle, type StyleCommand } from './decide-style.ts';
import { styleDecider, type StyleState } from './style.ts';

const NOW = new Date('2026-11-21T09:00:00.000Z');
const at = NOW.toISOString();
const spec = deciderSpec<StyleState, StyleEvent, StyleCommand>(styleDecider, decideStyle, NOW);

const tee = { style_id: 7, style_code: 'TS1', name: 'Tee', is_jeans: false, images: [] as string[] };
const created: StyleEvent = {
  type: 'StyleCreated',
  data: { ...tee, variants: [{ sku: 'TS1-S-RED', size: 'S', color: 'Red' }], source: 'manual', at: '2026-11-01T00:00:00.000Z' },
};

describe('styles decider', () => {
  it('creates a style whose SKUs are every size with every colour', () => {
    spec
      .given([])
      .when({ type: 'CreateStyle', data: { ...tee, sizes: ['S', 'Free Size'], colors: ['Red'] } })
      .then([
        {
          type: 'StyleCreated',
          data: { ...tee, variants: [{ sku: 'TS1-S-RED', size: 'S', color: 'Red' }, { sku: 'TS1-FS-RED', size: 'Free Size', color: 'Red' }], source: 'manual', at },
        },
      ]);
  });
  it('refuses to create a style that exists', () => {
    spec.given([created]).when({ type: 'CreateStyle', data: { ...tee, sizes: [], colors: [] } }).thenFails(409, 'Style code TS1 already exists');
  });
  it('an edit adding a size adds only the new SKUs', () => {
    spec
      .given([created])
      .when({ type: 'UpdateStyle', data: { sizes: ['S', 'M'] } })
      .then([{ type: 'StyleVariantsAdded', data: { style_id: 7, style_code: 'TS1', variants: [{ sku: 'TS1-M-RED', size: 'M', color: 'Red' }], source: 'manual', at } }]);
  });
  it('an edit that changes nothing records nothing', () => {
    spec.given([created]).when({ type: 'UpdateStyle', data: { name: 'Tee' } }).then([]);
  });
  it('keeps the code of a style that has SKUs', () => {
    spec.given([created]).when({ type: 'UpdateStyle', data: { style_code: 'TS2' } }).thenFails(409, CODE_LOCKED);
  });
  it('refuses to edit a style that does not exist', () => {
    spec.given([]).when({ type: 'UpdateStyle', data: { name: 'x' } }).thenFails(404, 'Style not found');
  });
  it('an import of a known style renames it, keeps its pictures when the export has none, and adds missing SKUs', () => {
    spec
      .given([created])
      .when({ type: 'ImportStyle', data: { ...tee, name: 'Cotton Tee', variants: [{ sku: 'TS1-S-RED', size: 'S', color: 'Red' }, { sku: 'TS1-M-RED', size: 'M', color: 'Red' }] } })
      .then([
        { type: 'StyleUpdated', data: { style_id: 7, style_code: 'TS1', name: 'Cotton Tee', is_jeans: false, images: [], at } },
        { type: 'StyleVariantsAdded', data: { style_id: 7, style_code: 'TS1', variants: [{ sku: 'TS1-M-RED', size: 'M', color: 'Red' }], source: 'shopify_upload', at } },
      ]);
  });
  it('an import of a new style creates it', () => {
    spec
      .given([])
      .when({ type: 'ImportStyle', data: { ...tee, variants: [{ sku: 'TS1-S-RED', size: 'S', color: 'Red' }] } })
      .then([{ type: 'StyleCreated', data: { ...tee, variants: [{ sku: 'TS1-S-RED', size: 'S', color: 'Red' }], source: 'shopify_upload', at } }]);
  });

  describe('stock received (receiving)', () => {
    const receive = (over: Partial<Extract<StyleCommand, { type: 'ReceiveStyle' }>['data']> = {}): StyleCommand => ({
      type: 'ReceiveStyle',
      data: { style_id: 7, style_code: 'TS1', name: null, variants: [{ sku: 'TS1-M-RED', size: 'M', color: 'Red' }], ...over },
    });
    it('of a style the catalogue lacks creates it with the SKUs received, named by its code when the file names none', () => {
      spec
        .given([])
        .when(receive())
        .then([{ type: 'StyleCreated', data: { ...tee, name: 'TS1', variants: [{ sku: 'TS1-M-RED', size: 'M', color: 'Red' }], source: 'receiving', at } }]);
    });
    it('of a new style whose code or name says jeans creates it as jeans', () => {
      spec
        .given([])
        .when(receive({ style_code: 'DN5', name: 'Straight Jeans', variants: [] }))
        .then([{ type: 'StyleCreated', data: { style_id: 7, style_code: 'DN5', name: 'Straight Jeans', is_jeans: true, images: [], variants: [], source: 'receiving', at } }]);
    });
    it('of a known style adds only the SKUs it lacks', () => {
      spec
        .given([created])
        .when(receive({ variants: [{ sku: 'TS1-S-RED', size: 'S', color: 'Red' }, { sku: 'TS1-M-RED', size: 'M', color: 'Red' }] }))
        .then([{ type: 'StyleVariantsAdded', data: { style_id: 7, style_code: 'TS1', variants: [{ sku: 'TS1-M-RED', size: 'M', color: 'Red' }], source: 'receiving', at } }]);
    });
    it('of a known style that has every SKU records nothing', () => {
      spec.given([created]).when(receive({ variants: [{ sku: 'TS1-S-RED', size: 'S', color: 'Red' }] })).then([]);
    });
  });
});
