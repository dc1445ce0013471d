import { describe, expect, it } from 'vitest';
import { PERMISSION_NAMES, PERMISSIONS, permissionName } from './auth/permissions.ts';
import { EVENT_NAMES, eventName } from './event-names.ts';
import { EVENT_FAMILIES } from './event-registry.ts';

const registered = EVENT_FAMILIES.flatMap((family) => Object.keys(family));

describe('events and permissions in words', () => {
  it('every event type the registry holds has a name of its own, and names only those', () => {
    expect(Object.keys(EVENT_NAMES).sort()).toEqual([...registered].sort());
    const names = Object.values(EVENT_NAMES);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[A-Z][a-z]/);
  });

  it('reads a type as its name, and a type this release does not know as its words', () => {
    expect(eventName('OrderItemPicked')).toBe('Item picked');
    expect(eventName('StockMovedBetweenLocations')).toBe('Stock moved between locations');
  });

  it('every permission has a name of its own; an unknown one is shown as sent', () => {
    expect(Object.keys(PERMISSION_NAMES).sort()).toEqual([...PERMISSIONS].sort());
    expect(new Set(Object.values(PERMISSION_NAMES)).size).toBe(PERMISSIONS.length);
    expect(permissionName('dashboard:view')).toBe('View dashboard');
    expect(permissionName('labels:print')).toBe('labels:print');
  });
});
