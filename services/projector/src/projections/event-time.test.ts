import { describe, expect, it } from 'vitest';
import { importedInSql } from './event-time.ts';

describe('importedInSql', () => {
  it('answers each instant on its own, whatever was asked before (an upload asks the same one thousands of times)', () => {
    const asked: [unknown, boolean][] = [
      ['2026-11-21T10:00:00.000Z', true],
      ['2026-11-21T10:00:00.000Z', true],
      ['2026-11-21T10:00:00Z', false],
      ['2026-11-21T10:00:00.000Z', true],
      ['2026-13-45T10:00:00.000Z', false],
      ['2026-11-21T10:00:00.000+0', false],
      [Date.parse('2026-11-21T10:00:00.000Z'), false],
      [undefined, false],
      ['2026-11-21T11:30:00.250Z', true],
    ];
    for (const [at, expected] of asked) expect([at, importedInSql(at)]).toEqual([at, expected]);
  });
});
