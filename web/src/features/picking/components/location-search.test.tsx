// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderScreen, resetScreen } from '../../../lib/testing.ts';
import { LocationSearch } from './location-search.tsx';

describe('Find Item Location', () => {
  afterEach(resetScreen);

  it('finds where a SKU typed as on its label is held', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /inventory/search': () => ({
        data: { items: [{ sku: 'KN1010-12-WINE', style_name: 'Knit Dress', quantity: 5, locations: [{ location: 'A-1-1', location_type: 'bin', quantity: 5 }] }] },
      }),
    });
    renderScreen(<LocationSearch />);
    await user.type(screen.getByRole('textbox', { name: 'SKU or style code' }), 'KN1010-12-WINE');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByText('KN1010-12-WINE')).closest('.location-result')?.textContent).toContain('A-1-1');
    expect(Object.fromEntries(api.callsTo('GET', '/inventory/search')[0]!.query)).toEqual({ style_code: 'KN1010', color: '12', size: 'WINE' });
  });
});
