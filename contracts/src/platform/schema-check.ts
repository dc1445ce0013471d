import type { z } from 'zod';

// A schema as a predicate that reads a value and builds nothing. zod's parse copies every object and array it
// accepts, and an upload's tens of thousands of events make that garbage only to drop it. `true` means the schema's
// parse accepts the value; `false` means it may not, and the caller asks the schema itself, which also says why.
// A kind or a check not known here is handed to the schema's own parse for that part of the value.
export type Predicate = (value: unknown) => boolean;

interface CheckDef {
  check: string;
  format?: string;
  value?: number;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
}

type Checks = readonly { _zod: { def: CheckDef } }[];

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: readonly z.ZodType[];
  entries?: Record<string, string | number>;
  values?: readonly unknown[];
  checks?: Checks;
  // Set when the schema is itself a check (z.email(), z.int()): its kind, and the format it checks.
  check?: string;
  format?: string;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const byParse = (schema: z.ZodType): Predicate => (value) => schema.safeParse(value).success;

export function predicateOf(schema: z.ZodType): Predicate {
  const def = defOf(schema);
  const checks = def.checks ?? [];
  switch (def.type) {
    case 'string': {
      const length = def.check === undefined ? lengthCheck(checks) : null;
      return length ? (v) => typeof v === 'string' && length(v.length) : byParse(schema);
    }
    case 'boolean':
      return checks.length === 0 ? (v) => typeof v === 'boolean' : byParse(schema);
    case 'number': {
      const range = numberRange(def.check === undefined ? checks : [{ _zod: { def: { check: def.check, format: def.format } } }, ...checks]);
      if (!range) return byParse(schema);
      const { min, max, integer } = range;
      return (v) => typeof v === 'number' && v >= min && v <= max && (integer ? Number.isSafeInteger(v) : Number.isFinite(v));
    }
    case 'enum': {
      const allowed = new Set<unknown>(Object.values(def.entries ?? {}));
      return checks.length === 0 ? (v) => allowed.has(v) : byParse(schema);
    }
    case 'literal': {
      const allowed = new Set(def.values ?? []);
      return checks.length === 0 ? (v) => allowed.has(v) : byParse(schema);
    }
    case 'nullable': {
      const inner = predicateOf(def.innerType!);
      return (v) => v === null || inner(v);
    }
    case 'optional': {
      const inner = predicateOf(def.innerType!);
      return (v) => v === undefined || inner(v);
    }
    case 'array': {
      const length = lengthCheck(checks);
      if (!length) return byParse(schema);
      const element = predicateOf(def.element!);
      return (v) => {
        if (!Array.isArray(v) || !length(v.length)) return false;
        for (let i = 0; i < v.length; i++) if (!element(v[i])) return false;
        return true;
      };
    }
    case 'union': {
      const options = (def.options ?? []).map(predicateOf);
      return (v) => options.some((o) => o(v));
    }
    case 'object': {
      if (checks.length > 0 || def.catchall) return byParse(schema);
      const shape = Object.entries(def.shape ?? {});
      const keys = shape.map(([key]) => key);
      const fields = shape.map(([, s]) => predicateOf(s));
      return (v) => {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
        const record = v as Record<string, unknown>;
        for (let i = 0; i < keys.length; i++) if (!fields[i]!(record[keys[i]!])) return false;
        return true;
      };
    }
    default:
      return byParse(schema);
  }
}

// A number's checks as a closed range and whether it must be a (safe) integer, or null for a check not known here.
function numberRange(checks: Checks): { min: number; max: number; integer: boolean } | null {
  let min = -Infinity;
  let max = Infinity;
  let integer = false;
  for (const { _zod: { def: c } } of checks) {
    if (c.check === 'number_format' && c.format === 'safeint') integer = true;
    else if (c.check === 'greater_than' && c.inclusive) min = Math.max(min, c.value ?? -Infinity);
    else if (c.check === 'less_than' && c.inclusive) max = Math.min(max, c.value ?? Infinity);
    else return null;
  }
  return { min, max, integer };
}

// A string's or an array's length checks as one test of the length, or null for a check of another kind.
function lengthCheck(checks: Checks): ((length: number) => boolean) | null {
  let min = 0;
  let max = Infinity;
  for (const { _zod: { def: c } } of checks) {
    if (c.check === 'min_length') min = Math.max(min, c.minimum ?? 0);
    else if (c.check === 'max_length') max = Math.min(max, c.maximum ?? Infinity);
    else if (c.check === 'length_equals') {
      min = Math.max(min, c.length ?? 0);
      max = Math.min(max, c.length ?? Infinity);
    } else return null;
  }
  return (length) => length >= min && length <= max;
}
