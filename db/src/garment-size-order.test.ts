import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { compareSizes, sizeRank } from '@wh/contracts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase(inject('pgUrl'));
});

afterAll(async () => {
  await database?.drop();
});

// Sizes as they come in catalogues and sheets, with the odd ones that test each branch of the rule.
const SIZES = [
  '16', '6', '10', '8', '12', '14', '9.5', '010', '28', '34', '99999', '100000', '1.2345',
  'M', 'm', 'S', 'L', 'XS', 'XL', 'XXS', 'XXL', 'XXXL', '2XS', '2XL', '3XL', '6XL', '7XL', 'XXXXXXXL', 'XM',
  'FS', 'Free Size', 'free size', 'FREESIZE', 'One Size', 'OS', ' L ', '\tXS\n', 'Free  Size', 'S/M', 'UK 8', 'W32', '', 'Petite',
];

describe('garment_size_rank', () => {
  it('ranks every size as the contracts rule does, so the database and the web app sort sizes alike', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const ranks = await client.query<{ size: string; rank: string }>('select s as size, garment_size_rank(s)::text as rank from unnest($1::text[]) s', [SIZES]);
      expect(ranks.rows.map((r) => [r.size, Number(r.rank)])).toEqual(SIZES.map((s) => [s, sizeRank(s)]));
      const sorted = await client.query<{ size: string }>('select s as size from unnest($1::text[]) s order by garment_size_rank(s), s collate "C"', [SIZES]);
      expect(sorted.rows.map((r) => r.size)).toEqual([...SIZES].sort(compareSizes));
    } finally {
      await client.end();
    }
  });
});
