import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventRegistry, EventSchemaError, firstVersion, UnknownEventError } from './event-schemas.ts';

// A type at version 3: version 1 had `name`, version 2 split it into `first` and `last`, version 3 added `title`.
const registry = eventRegistry(
  {
    PersonNamed: {
      schema: z.object({ first: z.string(), last: z.string(), title: z.string().nullable() }),
      upcasters: [
        ({ name }: { name: string }) => ({ first: name.split(' ')[0], last: name.split(' ').slice(1).join(' ') }),
        (v2: { first: string; last: string }) => ({ ...v2, title: null }),
      ],
    },
  },
  { Pinged: firstVersion(z.object({ at: z.string() })) },
);

describe('an event registry', () => {
  it('names each type’s current version', () => {
    expect(registry.currentVersion('PersonNamed')).toBe(3);
    expect(registry.currentVersion('Pinged')).toBe(1);
  });

  it('hands today’s shape back as it is, and upcasts an older version through each later one in turn', () => {
    const today = { first: 'Ada', last: 'Lovelace', title: 'Countess' };
    expect(registry.upcast('PersonNamed', 3, today)).toBe(today);
    expect(registry.upcast('PersonNamed', 2, { first: 'Ada', last: 'Lovelace' })).toEqual({ first: 'Ada', last: 'Lovelace', title: null });
    expect(registry.upcast('PersonNamed', 1, { name: 'Ada King Lovelace' })).toEqual({ first: 'Ada', last: 'King Lovelace', title: null });
  });

  it('refuses a version newer than it knows, a version that cannot be, and a type it does not know, rather than guess', () => {
    expect(() => registry.upcast('PersonNamed', 4, {})).toThrow(new UnknownEventError('PersonNamed', 4));
    expect(() => registry.upcast('PersonNamed', 0, {})).toThrow(UnknownEventError);
    expect(() => registry.upcast('Pinged', 1.5, {})).toThrow(UnknownEventError);
    expect(() => registry.upcast('Ponged', 1, {})).toThrow('unknown event Ponged version 1');
    expect(() => registry.check('Ponged', {})).toThrow(UnknownEventError);
  });

  it('checks data against today’s schema, naming what does not fit', () => {
    expect(() => registry.check('PersonNamed', { first: 'Ada', last: 'Lovelace', title: null })).not.toThrow();
    expect(() => registry.check('PersonNamed', { name: 'Ada Lovelace' })).toThrow(EventSchemaError);
    expect(() => registry.check('Pinged', { at: 5 })).toThrow(/Pinged.*at/s);
  });

  it('refuses a type defined twice', () => {
    expect(() => eventRegistry({ Pinged: firstVersion(z.object({})) }, { Pinged: firstVersion(z.object({})) })).toThrow('Pinged is defined twice');
  });

  it('lets a reader inside the database read a type only while it has one version', () => {
    expect(() => registry.readInDatabase('Pinged', 1, 'a test reader')).not.toThrow();
    expect(() => registry.readInDatabase('PersonNamed', 3, 'a test reader')).toThrow(/a test reader reads PersonNamed version 3 inside the database/);
    expect(() => registry.readInDatabase('Pinged', 2, 'a test reader')).toThrow();
  });
});
