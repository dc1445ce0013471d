import { z } from 'zod';
import { predicateOf, type Predicate } from './schema-check.ts';

// An event type's shapes over time. `schema` is today's shape: what deciders append and what every reader (deciders,
// projections, the audit) is handed. An event stored at an older version is turned into today's shape on reading by
// `upcasters`: upcasters[0] turns version 1's data into version 2's, upcasters[1] version 2's into version 3's, and
// so on, so the current version is upcasters.length + 1. An upcaster sees only the event's own data: it derives a new
// field from what the old version carried, or gives it a documented default.
export interface EventVersions<S extends z.ZodType = z.ZodType> {
  schema: S;
  upcasters: readonly Upcaster[];
}

// Typed by each version's own input (`never` here so any one-argument function fits the list).
export type Upcaster = (data: never) => unknown;

// A type still at its first version.
export const firstVersion = <S extends z.ZodType>(schema: S): EventVersions<S> => ({ schema, upcasters: [] });

// A feature's event types by name, each with its versions.
export type EventFamily = Record<string, EventVersions>;

// The union of { type, data } a family's events are, in today's shape.
export type EventsOf<F extends EventFamily> = { [K in keyof F & string]: { type: K; data: z.infer<F[K]['schema']> } }[keyof F & string];

// An event whose type or version this code does not know: written by a newer release (or never by this service).
// Reading it would mean guessing its shape, so the reader stops instead.
export class UnknownEventError extends Error {
  constructor(
    readonly eventType: string,
    readonly version: number,
  ) {
    super(`unknown event ${eventType} version ${version}`);
  }
}

// An event about to be appended does not fit its type's schema: a decider's bug, never the user's input (routes
// check that), so nothing of the append is written.
export class EventSchemaError extends Error {
  constructor(
    readonly eventType: string,
    readonly issues: string,
  ) {
    super(`event ${eventType} does not fit its schema: ${issues}`);
  }
}

export interface EventRegistry {
  // The version an event of this type is written at today.
  currentVersion(type: string): number;
  // Throws EventSchemaError when `data` is not today's shape of `type`, UnknownEventError for an unknown type.
  check(type: string, data: unknown): void;
  // Today's shape of an event stored at `version`: the data itself when it is current, else through the upcasters.
  upcast(type: string, version: number, data: unknown): unknown;
  // Declares a reader of this type's data inside the database (SQL over events.data), which sees rows as stored, not
  // upcast: it holds only while the type has one version, `version`. Called where the reader is defined, so a new
  // version of the type stops the reader's module from loading until the reader handles the older rows (mirroring
  // the upcast in SQL, or sending rows whose schema_version is older through the in-process path) and says so here.
  readInDatabase(type: string, version: number, reader: string): void;
}

// Each schema's predicate (schema-check.ts), made on its first check: the check reads each appended event without
// copying it, which zod's parse does.
const predicates = new WeakMap<z.ZodType, Predicate>();
function fitsOf(schema: z.ZodType): Predicate {
  let fits = predicates.get(schema);
  if (!fits) predicates.set(schema, (fits = predicateOf(schema)));
  return fits;
}

// Each registry's types, for addEventTypes.
const typesOf = new WeakMap<EventRegistry, Map<string, EventVersions>>();

function addTo(types: Map<string, EventVersions>, family: EventFamily): void {
  const twice = Object.keys(family).find((type) => types.has(type));
  if (twice !== undefined) throw new Error(`event type ${twice} is defined twice`);
  for (const [type, versions] of Object.entries(family)) types.set(type, versions);
}

// Adds a family's types to a registry until the returned function removes them. For tests only
// (registerTestEvents in contracts/src/testing.ts, which lint keeps out of the services and the web): the service
// writes exactly the types EVENT_FAMILIES lists.
export function addEventTypes(registry: EventRegistry, family: EventFamily): () => void {
  const types = typesOf.get(registry);
  if (!types) throw new Error('not a registry made by eventRegistry');
  addTo(types, family);
  return () => {
    for (const type of Object.keys(family)) types.delete(type);
  };
}

export function eventRegistry(...families: readonly EventFamily[]): EventRegistry {
  const types = new Map<string, EventVersions>();
  for (const family of families) addTo(types, family);
  const versionsOf = (type: string, version: number): EventVersions => {
    const v = types.get(type);
    if (!v) throw new UnknownEventError(type, version);
    return v;
  };
  const registry: EventRegistry = {
    currentVersion: (type) => versionsOf(type, 0).upcasters.length + 1,
    check(type, data) {
      const { schema } = versionsOf(type, 0);
      if (fitsOf(schema)(data)) return;
      // Only a value the predicate cannot vouch for is parsed: the parse decides, and says what is wrong.
      const result = schema.safeParse(data);
      if (!result.success) throw new EventSchemaError(type, z.prettifyError(result.error));
    },
    upcast(type, version, data) {
      const { upcasters } = versionsOf(type, version);
      const current = upcasters.length + 1;
      if (version === current) return data;
      if (!Number.isInteger(version) || version < 1 || version > current) throw new UnknownEventError(type, version);
      let shaped = data;
      for (let v = version; v < current; v++) shaped = (upcasters[v - 1] as (d: unknown) => unknown)(shaped);
      return shaped;
    },
    readInDatabase(type, version, reader) {
      const current = versionsOf(type, version).upcasters.length + 1;
      if (current !== 1 || version !== 1) {
        throw new Error(`${reader} reads ${type} version ${version} inside the database, but ${type} is at version ${current} with older versions stored: upcast them in SQL or read them in process`);
      }
    },
  };
  typesOf.set(registry, types);
  return registry;
}
