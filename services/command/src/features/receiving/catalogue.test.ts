import { describe, it } from 'vitest';
import { styleDecider } from '../../domain/style.ts';
import { decisionSpec } from '../../platform/decider-spec.ts';
import { decideCatalogueAdditions, type CatalogueFacts, type CatalogueNeed } from './catalogue.ts';

// What approving stock adds to the catalogue: given(what it knows), when(the approvals' needs), then(style events).

const at = '2026-11-21T09:00:00.000Z';
const spec = decisionSpec((needs: CatalogueNeed[], facts: CatalogueFacts) => decideCatalogueAdditions(needs, facts, at));
const need = (over: Partial<CatalogueNeed> = {}): CatalogueNeed => ({ style_code: 'JN200', style_name: 'Slim Jeans', sku: 'JN200-32-BLUE', size: '32', color: 'Blue', ...over });
// JN200 as its stream folds: created with its 32 Blue.
const slimJeans = styleDecider.evolve(styleDecider.initialState(), {
  type: 'StyleCreated',
  data: { style_id: 8, style_code: 'JN200', name: 'Slim Jeans', is_jeans: true, images: [], variants: [{ sku: 'JN200-32-BLUE', size: '32', color: 'Blue' }], source: 'manual', at },
});
const knows = (over: Partial<CatalogueFacts> = {}): CatalogueFacts => ({ styles: new Map(), skus: new Set(), folded: new Map(), newStyleIds: new Map(), ...over });

describe('catalogue additions of receiving', () => {
  it('a style the catalogue lacks is created with the id drawn, its SKUs in it; jeans by code or name', () => {
    spec
      .given(knows({ newStyleIds: new Map([['JN200', 51]]) }))
      .when([need(), need({ sku: 'JN200-34-BLUE', size: '34' }), need({ sku: 'JN200-34-BLUE', size: '34' })])
      .then([
        {
          streamId: 'style-51',
          expectedVersion: 0,
          events: [
            {
              type: 'StyleCreated',
              data: {
                style_id: 51,
                style_code: 'JN200',
                name: 'Slim Jeans',
                is_jeans: true,
                images: [],
                variants: [
                  { sku: 'JN200-32-BLUE', size: '32', color: 'Blue' },
                  { sku: 'JN200-34-BLUE', size: '34', color: 'Blue' },
                ],
                source: 'receiving',
                at,
              },
            },
          ],
        },
      ]);
  });

  it('a known style gets the SKUs it lacks at its stream version; SKUs the catalogue has are left alone', () => {
    spec
      .given(knows({ styles: new Map([['JN200', { style_id: 8 }]]), skus: new Set(['JN200-32-BLUE']), folded: new Map([['JN200', { version: 3, state: slimJeans }]]) }))
      .when([need(), need({ sku: 'JN200-36-BLUE', size: '36' })])
      .then([
        {
          streamId: 'style-8',
          expectedVersion: 3,
          events: [{ type: 'StyleVariantsAdded', data: { style_id: 8, style_code: 'JN200', variants: [{ sku: 'JN200-36-BLUE', size: '36', color: 'Blue' }], source: 'receiving', at } }],
        },
      ]);
  });

  it('adds nothing when the catalogue has every SKU', () => {
    spec.given(knows({ styles: new Map([['JN200', { style_id: 8 }]]), skus: new Set(['JN200-32-BLUE']), folded: new Map([['JN200', { version: 3, state: slimJeans }]]) })).when([need()]).then([]);
  });

  it('refuses a code the catalogue could not hold, in the catalogue rules words', () => {
    spec
      .given(knows({ newStyleIds: new Map([['JN 200', 52]]) }))
      .when([need({ style_code: 'JN 200' })])
      .thenFails(400, 'JN 200 cannot be added to the catalogue: Style code may contain only letters, digits, dots, slashes and underscores (no hyphens)');
  });
});
