import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EVENTS } from './event-registry.ts';
import { addEventTypes, EventSchemaError, firstVersion, UnknownEventError } from './platform/event-schemas.ts';
import { registerTestEvents } from './testing.ts';

// TestPinged version 1 had no note.
type PingV1 = { n: number };

describe('registerTestEvents', () => {
  registerTestEvents({
    TestPinged: { schema: z.object({ n: z.number(), note: z.string().nullable() }), upcasters: [(v1: PingV1) => ({ ...v1, note: null })] },
  });

  it('gives a test type the schema check and upcasting of the service’s own', () => {
    expect(EVENTS.currentVersion('TestPinged')).toBe(2);
    expect(() => EVENTS.check('TestPinged', { n: 1, note: 'x' })).not.toThrow();
    expect(() => EVENTS.check('TestPinged', { n: 1 })).toThrow(EventSchemaError);
    expect(EVENTS.upcast('TestPinged', 1, { n: 1 })).toEqual({ n: 1, note: null });
  });

  it('refuses a name the service uses', () => {
    expect(() => registerTestEvents({ OrderVerified: firstVersion(z.object({})) })).toThrow('event type OrderVerified is defined twice');
    expect(EVENTS.currentVersion('OrderVerified')).toBe(2);
  });
});

it('a type added to the registry is unknown again once removed', () => {
  const remove = addEventTypes(EVENTS, { TestPonged: firstVersion(z.object({})) });
  expect(EVENTS.currentVersion('TestPonged')).toBe(1);
  remove();
  expect(() => EVENTS.check('TestPonged', {})).toThrow(UnknownEventError);
});
