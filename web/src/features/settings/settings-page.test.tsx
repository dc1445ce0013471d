// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { countSettingsBodySchema, type CountSettingsView } from '@wh/contracts/counts/http';
import { fakeApi, renderScreen, resetScreen, testUser } from '../../lib/testing.ts';
import { SettingsPage } from './settings-page.tsx';
import { location } from './testing.ts';

afterEach(resetScreen);

const saved: CountSettingsView = { daily_plan: false, every_days: 30, daily_cap: 40, recount_over_units: 0, updated_at: null };

function api() {
  let current = saved;
  return fakeApi({
    'GET /locations': () => ({ data: { locations: [location({})] } }),
    'GET /settings/picking': () => ({ data: { scan_location_first: false } }),
    'GET /settings/counts': () => ({ data: current }),
    'PUT /settings/counts': (call) => {
      current = { ...(call.body as CountSettingsView), updated_at: '2026-12-03T09:00:00Z' };
      return { data: current, message: 'Count settings saved' };
    },
  });
}

describe('the cycle counts settings', () => {
  it("saves the daily plan, how often, the cap and the recount threshold together, and says they're saved", async () => {
    const user = userEvent.setup();
    const fake = api();
    renderScreen(<SettingsPage />, { user: testUser({ role: 'manager' }), route: '/settings' });

    const every = await screen.findByRole('textbox', { name: 'Count every location every (days)' });
    await waitFor(() => expect(every).toHaveProperty('value', '30'));
    const save = screen.getByRole('button', { name: 'Save Count Settings' });
    // Nothing changed: nothing to save.
    expect(save).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('checkbox', { name: /Plan a count every day/ }));
    await user.clear(every);
    await user.type(every, '14');
    const cap = screen.getByRole('textbox', { name: 'Daily cap (locations)' });
    await user.clear(cap);
    await user.type(cap, '25');
    const recount = screen.getByRole('textbox', { name: 'Recount when over (units)' });
    await user.clear(recount);
    await user.type(recount, '2');
    await user.tab();
    await user.click(save);

    expect(await screen.findByText('Count settings saved')).toBeTruthy();
    const puts = fake.callsTo('PUT', '/settings/counts');
    expect(puts.map((c) => c.body)).toEqual([{ daily_plan: true, every_days: 14, daily_cap: 25, recount_over_units: 2 }]);
    expect(countSettingsBodySchema.parse(puts[0]!.body)).toEqual(puts[0]!.body);
    // Saved: the form shows the answer and waits for the next change.
    expect(screen.getByRole('textbox', { name: 'Count every location every (days)' })).toHaveProperty('value', '14');
    expect(screen.getByRole('button', { name: 'Save Count Settings' })).toHaveProperty('disabled', true);
  });
});
