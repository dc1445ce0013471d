// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { CountTaskDetail } from '@wh/contracts/counts/http';
import { fakeApi, renderScreen, resetScreen } from '../../lib/testing.ts';
import { CountSheetPrintPage } from './count-sheet-print-page.tsx';

const task: CountTaskDetail = {
  id: 7,
  status: 'open',
  source: 'plan',
  reason: null,
  assignee: { id: 4, username: 'rae', full_name: 'Rae Counter' },
  due: null,
  created_at: '2026-12-01T09:00:00Z',
  created_by: null,
  counts: { locations: 2, to_count: 1, recount: 0, settled: 1, approved: 0 },
  locations: [
    { location: 'A-1-1', status: 'to_count', recount_not_by: null, rounds: [], variance: [] },
    {
      location: 'A-1-2',
      status: 'settled',
      recount_not_by: null,
      rounds: [{ round: 1, counted_by: null, at: '2026-12-02T10:00:00Z', empty: false, lines: [{ sku: 'DR1000-8-BEIGE', counted: 31, expected: 29, variance: 2 }] }],
      variance: [{ sku: 'DR1000-8-BEIGE', style_code: 'DR1000', variance: 2 }],
    },
  ],
};

describe('the count sheet', () => {
  afterEach(resetScreen);

  it('prints each location with lines to write on, and no SKU or quantity the count holds', async () => {
    fakeApi({ 'GET /counts/:id': () => ({ data: task }) });
    const { container } = renderScreen(
      <Routes>
        <Route path="/print/counts/:id/sheet" element={<CountSheetPrintPage />} />
      </Routes>,
      { route: '/print/counts/7/sheet' },
    );
    await screen.findByText('2 locations');
    const sheet = screen.getByRole('article', { name: 'Count #7 · count sheet' });
    expect(within(sheet).getByText('Daily plan')).toBeTruthy();
    for (const code of ['A-1-1', 'A-1-2']) expect(within(sheet).getByRole('table', { name: `${code}: SKUs and units counted` })).toBeTruthy();
    // Blind: what was counted or expected never reaches the paper.
    expect(container.textContent).not.toMatch(/DR1000|31|29|\+2/);
  });
});
