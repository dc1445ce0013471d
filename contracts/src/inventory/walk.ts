import { BIN_CODE_PATTERN, compareCodes, RACK_CODE_PATTERN } from '../platform/codes.ts';

// The pick path: every location has a walk sequence, and a picker's items come in the order of their locations'
// sequences (lowest first). Server and web order by these functions only.
//
// A location's sequence is derived from its code, read numerically, unless a manager sets one:
//   bin  A-2-1  zone A (1), aisle 2, shelf 1   -> 1 002 001   (zone x 1,000,000 + aisle x 1,000 + shelf)
//   rack R-12   letter R (18), number 12         -> 18 000 012  (letter x 1,000,000 + number)
// so A-2-1 comes before A-10-1, and zones are walked A, B, C ... with racks walked by number within their letter.
// Zones of several letters count on after Z (AA is 27). The receiving area, and any code of another shape, comes
// after every bin and rack.

const ZONE_STEP = 1_000_000;
const AISLE_STEP = 1_000;
// Above every derived sequence (ZZZ-999-999 is 18,278,999,999): the receiving area's place, and the highest a
// manager may set.
export const MAX_WALK_SEQUENCE = 99_999_999_999;

// A-Z are 1-26, AA 27, ... (bijective base 26, so every zone has its own number).
function zoneNumber(zone: string): number {
  return [...zone].reduce((n, c) => n * 26 + (c.charCodeAt(0) - 64), 0);
}

export function derivedWalkSequence(code: string): number {
  const bin = BIN_CODE_PATTERN.exec(code);
  if (bin) return zoneNumber(bin[1]!) * ZONE_STEP + Number(bin[2]) * AISLE_STEP + Number(bin[3]);
  const rack = RACK_CODE_PATTERN.exec(code);
  if (rack) return zoneNumber(rack[1]!) * ZONE_STEP + Number(rack[2]);
  return MAX_WALK_SEQUENCE;
}

// A stop on the walk: a location code and the manager's sequence for it (null: derived from the code).
export interface WalkStop {
  code: string;
  walk_sequence: number | null;
}

export function walkSequenceOf(stop: WalkStop): number {
  return stop.walk_sequence ?? derivedWalkSequence(stop.code);
}

// By sequence; locations of one sequence (a manager gave two the same number) by code, numbers read as numbers.
export function compareWalk(a: WalkStop, b: WalkStop): number {
  return walkSequenceOf(a) - walkSequenceOf(b) || compareCodes(a.code, b.code);
}

// Items by where the picker goes for them; an item with no location (no stock anywhere) comes last. Sorting with
// this is stable, so items at one location keep their order in the file.
export function compareItemsOnWalk(
  a: { location: string | null; walk_sequence: number | null },
  b: { location: string | null; walk_sequence: number | null },
): number {
  if (a.location === null || b.location === null) return (a.location === null ? 1 : 0) - (b.location === null ? 1 : 0);
  return compareWalk({ code: a.location, walk_sequence: a.walk_sequence }, { code: b.location, walk_sequence: b.walk_sequence });
}
