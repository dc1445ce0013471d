import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, queryRows, type TestDatabase } from './testing.ts';

const made: TestDatabase[] = [];
afterAll(async () => {
  for (const d of made.reverse()) await d.drop();
});

describe('createTestDatabase', () => {
  it('with a template, gives a copy of it that changes on its own (the commands benchmark on a generated history)', async () => {
    const template = await createTestDatabase(inject('pgUrl'), { migrate: false });
    made.push(template);
    await queryRows(template.url, `create table history (n int); insert into history select generate_series(1, 1000)`);
    const copy = await createTestDatabase(inject('pgUrl'), { migrate: false, template: template.name });
    made.push(copy);
    expect(copy.name).not.toBe(template.name);
    expect(await queryRows<{ n: number }>(copy.url, 'select count(*)::int as n from history')).toEqual([{ n: 1000 }]);
    await queryRows(copy.url, 'delete from history');
    expect(await queryRows<{ n: number }>(template.url, 'select count(*)::int as n from history')).toEqual([{ n: 1000 }]);
  });
});
