import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EVENT_FAMILIES } from '../event-registry.ts';
import { predicateOf } from './schema-check.ts';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: readonly z.ZodType[];
  entries?: Record<string, string | number>;
  values?: readonly unknown[];
  checks?: readonly { _zod: { def: { check: string; value?: number; minimum?: number; maximum?: number } } }[];
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checkOf = (def: Def, check: string) => def.checks?.find((c) => c._zod.def.check === check)?._zod.def;

// A value each schema accepts, built from the schema itself: the smallest string and array it allows, a number at
// its lower bound, the first option of an enum or a union, a nullable's inner value.
function validOf(schema: z.ZodType): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return 'x'.repeat(Math.max(1, checkOf(def, 'min_length')?.minimum ?? 0));
    case 'number':
      return Math.max(checkOf(def, 'greater_than')?.value ?? 0, Math.min(1, checkOf(def, 'less_than')?.value ?? 1));
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries!)[0];
    case 'literal':
      return def.values![0];
    case 'nullable':
    case 'optional':
      return validOf(def.innerType!);
    case 'array':
      return Array.from({ length: Math.max(1, checkOf(def, 'min_length')?.minimum ?? 0) }, () => validOf(def.element!));
    case 'union':
      return validOf(def.options![0]!);
    case 'object':
      return Object.fromEntries(Object.entries(def.shape!).map(([k, s]) => [k, validOf(s)]));
    default:
      throw new Error(`no valid value made for a ${def.type}`);
  }
}

// What goes wrong in events: a field of the wrong kind, missing, null, out of range, not whole, not finite, too long.
const WRONG: readonly unknown[] = [undefined, null, '', 'x'.repeat(300), 'text', -1, 0, 1.5, 2 ** 31, 2 ** 53, Number.NaN, Infinity, -Infinity, true, [], {}, [1]];

// Every value reached by putting one wrong value at one place of a valid one.
function* variants(value: unknown): Generator<unknown> {
  for (const wrong of WRONG) yield wrong;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) for (const v of variants(value[i])) yield value.map((e, j) => (j === i ? v : e));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, field] of Object.entries(value)) {
      const { [key]: _, ...without } = value as Record<string, unknown>;
      yield without;
      for (const v of variants(field)) yield { ...value, [key]: v };
    }
    yield { ...value, unknown_field: 'kept as zod keeps it' };
  }
}

const schemas = EVENT_FAMILIES.flatMap((family) => Object.entries(family).map(([type, versions]) => [type, versions.schema] as const));

describe('an event schema as a predicate', () => {
  it.each(schemas)('%s: agrees with the schema’s parse on a valid event and on every one-place change of it', (_type, schema) => {
    const fits = predicateOf(schema);
    const valid = validOf(schema);
    expect(schema.safeParse(valid).success).toBe(true);
    expect(fits(valid)).toBe(true);
    let compared = 0;
    for (const v of variants(valid)) {
      // Where the predicate says yes the parse must too (the check relies on that); here they agree both ways.
      expect({ value: v, fits: fits(v) }).toEqual({ value: v, fits: schema.safeParse(v).success });
      compared++;
    }
    expect(compared).toBeGreaterThan(WRONG.length);
  });

  it('hands a kind it does not know to the schema’s own parse for that part', () => {
    const schema = z.object({ n: z.preprocess((v) => (v === '' ? undefined : v), z.number().optional()), email: z.email() });
    const fits = predicateOf(schema);
    expect(fits({ n: '', email: 'a@b.co' })).toBe(true);
    expect(fits({ n: 3, email: 'not an address' })).toBe(false);
    expect(fits({ n: 'three', email: 'a@b.co' })).toBe(false);
  });

  it('keeps a number’s bounds, an integer’s wholeness and a string’s length as the schema states them', () => {
    const fits = predicateOf(z.object({ q: z.number().int().min(1).max(10), s: z.string().min(2).max(3), xs: z.array(z.string()).min(1) }));
    expect(fits({ q: 10, s: 'ab', xs: ['a'] })).toBe(true);
    expect(fits({ q: 11, s: 'ab', xs: ['a'] })).toBe(false);
    expect(fits({ q: 2.5, s: 'ab', xs: ['a'] })).toBe(false);
    expect(fits({ q: 2, s: 'abcd', xs: ['a'] })).toBe(false);
    expect(fits({ q: 2, s: 'ab', xs: [] })).toBe(false);
    const whole = predicateOf(z.int());
    expect([whole(3), whole(3.5), predicateOf(z.int32())(2 ** 31), predicateOf(z.number().positive())(0)]).toEqual([true, false, false, false]);
  });
});
