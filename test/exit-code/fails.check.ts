import { expect, it } from 'vitest';

// Run only by scripts/test-exit-code.test.ts, through test/exit-code/vitest.config.ts: it must fail.
it('fails on purpose', () => {
  expect(1).toBe(2);
});
