import { inCodeOrder } from './codes.ts';

// Garment sizes in the order a shop floor reads them: numbers ascending (UK 6, 8, 10 ... 16; waists 28, 30 ...), then
// letter sizes from the smallest (XXS, XS, S, M, L, XL, XXL; 2XS and 3XL written either way), then any other size as
// text, and Free Size last. The database sorts with garment_size_rank (db/migrations/111_garment_size_order.sql),
// which computes the same rank: a list the server sorts by size reads the same as one the web app sorts.

const NUMBER_PATTERN = /^[0-9]{1,5}(\.[0-9]{1,3})?$/;
// S or L after a run of X's (XXS, XL) or after a count and one X (2XS, 3XL); M alone.
const LETTER_PATTERN = /^(?:(X{0,6})|([2-6])X)([SL])$/;
const FREE_SIZES = new Set(['FS', 'FREESIZE', 'ONESIZE', 'OS']);

const LETTER_BASE = 100_000;
const M_RANK = LETTER_BASE + 10;
const OTHER_RANK = 200_000;
const FREE_RANK = 300_000;

/** A size's place: numbers by value (below 100,000), letter sizes around M, other sizes, Free Size. */
export function sizeRank(size: string): number {
  // Trimmed of the whitespace PostgreSQL's btrim is told to trim, so both read a size alike.
  const s = size.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '').toUpperCase();
  if (NUMBER_PATTERN.test(s)) return Number(s);
  if (s === 'M') return M_RANK;
  const letter = LETTER_PATTERN.exec(s);
  if (letter) {
    const steps = 1 + (letter[2] !== undefined ? Number(letter[2]) : letter[1]!.length);
    return letter[3] === 'S' ? M_RANK - steps : M_RANK + steps;
  }
  if (FREE_SIZES.has(s.replaceAll(' ', ''))) return FREE_RANK;
  return OTHER_RANK;
}

/** Sizes by rank, then by their text (code point order, as PostgreSQL's "C" collation): the comparator for sort(). */
export function compareSizes(a: string, b: string): number {
  return sizeRank(a) - sizeRank(b) || inCodeOrder(a, b);
}

/** A copy of the sizes in garment order. */
export function inSizeOrder(sizes: readonly string[]): string[] {
  return [...sizes].sort(compareSizes);
}

/** Variants (or anything with a style code, size and colour) by style code, then size, then colour. */
export function compareVariants(a: { style_code: string; size: string; color: string }, b: { style_code: string; size: string; color: string }): number {
  return inCodeOrder(a.style_code, b.style_code) || compareSizes(a.size, b.size) || inCodeOrder(a.color, b.color);
}
