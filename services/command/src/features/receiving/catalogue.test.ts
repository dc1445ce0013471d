import { describe, expect, it } from 'vitest';
import { styleDecider } from '../../domain/style.ts';
import { decisionSpec } from '../../platform/decider-spec.ts';
import { decideCatalogueAdditions, newVariantProblems, newVariantsRefusal, type CatalogueFacts, type CatalogueNeed } from './catalogue.ts';

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

describe('rows naming a size or colour their style does not have', () => {
  // JN200 comes in 32 and 34, Blue and Black, but not 34 Black.
  const facts = { styles: new Map([['JN200', { style_id: 8 }]]), skus: new Set(['JN200-32-BLUE', 'JN200-34-BLUE', 'JN200-32-BLACK']) };
  const options = new Map([['JN200', { sizes: new Map([['32', '32'], ['34', '34']]), colors: new Map([['BLUE', 'Blue'], ['BLACK', 'Black']]) }]]);
  const row = (row: number, size: string, color: string, style_code = 'JN200') => ({ row, style_code, size, color, sku: `${style_code}-${size}-${color.toUpperCase()}` });

  it('names each such row: the colour or size it lacks with those it has, or the combination it is not made in', () => {
    const problems = newVariantProblems(
      [row(2, '32', 'Blue'), row(3, '32', 'Purple'), row(4, '36', 'blue'), row(5, '36', 'Purple'), row(6, '34', 'Black'), row(7, '8', 'Red', 'NEW9001')],
      facts,
      options,
    );
    expect(problems).toEqual([
      { field: 'row 3', message: 'JN200 has no colour Purple (colours Blue, Black)' },
      { field: 'row 4', message: 'JN200 has no size 36 (sizes 32, 34)' },
      { field: 'row 5', message: 'JN200 has no size 36 (sizes 32, 34) and no colour Purple (colours Blue, Black)' },
      { field: 'row 6', message: 'JN200 has no size 34 in Black' },
    ]);
  });

  it('the refusal is a 409 saying what to do, with every row in its details', () => {
    const refusal = newVariantsRefusal(newVariantProblems([row(3, '32', 'Purple'), row(4, '36', 'Blue')], facts, options));
    expect(refusal).toMatchObject({ status: 409, code: 'NEW_VARIANTS' });
    expect(refusal.message).toBe(
      '2 rows name sizes or colours their styles do not have (JN200 has no colour Purple (colours Blue, Black), ...). Correct the rows, or confirm adding them to the catalogue. Nothing was recorded.',
    );
    expect(refusal.details).toHaveLength(2);
  });
});
