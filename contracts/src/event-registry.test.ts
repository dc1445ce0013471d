import { describe, expect, it } from 'vitest';
import { EVENT_FAMILIES, EVENTS } from './event-registry.ts';
import { orderVerifiedV1Schema } from './orders/events.ts';

// One case per upcaster, named `<type> <version it reads>`: an event as that version stored it, and today's shape of it.
const UPCASTS: Record<string, { given: unknown; then: unknown }> = {
  // The worker is the one version 1 called picked_by; the counts were not recorded.
  'OrderVerified 1': {
    given: {
      order_id: 7,
      order_number: '#10002',
      verified_by: 9,
      picked_by: 5,
      verification_notes: 'Checked',
      discrepancies: [{ item_id: 71, sku: 'SK1014-10-NAVY', issue: 'pulled thread', resolution: 'replaced' }],
      at: '2025-03-01T10:00:00.000Z',
    },
    then: {
      order_id: 7,
      order_number: '#10002',
      verified_by: 9,
      worker_id: 5,
      item_count: null,
      unit_count: null,
      verification_notes: 'Checked',
      discrepancies: [{ item_id: 71, sku: 'SK1014-10-NAVY', issue: 'pulled thread', resolution: 'replaced' }],
      at: '2025-03-01T10:00:00.000Z',
    },
  },
};

describe('upcasters', () => {
  it.each(Object.entries(UPCASTS))('%s: read as today’s shape, which fits today’s schema', (name, { given, then }) => {
    const [type, version] = name.split(' ') as [string, string];
    const upcast = EVENTS.upcast(type, Number(version), given);
    expect(upcast).toEqual(then);
    expect(() => EVENTS.check(type, upcast)).not.toThrow();
  });

  it('every upcaster has its case above', () => {
    const upcasters = EVENT_FAMILIES.flatMap((family) =>
      Object.entries(family).flatMap(([type, versions]) => versions.upcasters.map((_, i) => `${type} ${i + 1}`)),
    );
    expect(Object.keys(UPCASTS).sort()).toEqual(upcasters.sort());
  });

  it('OrderVerified version 1 is the shape the release before version 2 wrote, which today’s schema refuses', () => {
    const { given } = UPCASTS['OrderVerified 1']!;
    expect(orderVerifiedV1Schema.safeParse(given).success).toBe(true);
    expect(() => EVENTS.check('OrderVerified', given)).toThrow(/worker_id/);
  });
});
