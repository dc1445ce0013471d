import { describe, expect, it } from 'vitest';
import { FIT_FLAG_MIN_UNITS, FIT_FLAG_RULE, fitFlag } from './fit-flag.ts';

describe('the runs small / runs large flag', () => {
  it('needs at least the minimum of fit returns', () => {
    expect(FIT_FLAG_MIN_UNITS).toBe(5);
    expect(fitFlag({ small: 4, large: 0 })).toBeNull();
    expect(fitFlag({ small: 5, large: 0 })).toBe('runs_small');
    expect(fitFlag({ small: 0, large: 5 })).toBe('runs_large');
    expect(fitFlag({ small: 0, large: 0 })).toBeNull();
  });

  it('flags a share of exactly two thirds, not just under it', () => {
    expect(fitFlag({ small: 4, large: 2 })).toBe('runs_small');
    expect(fitFlag({ small: 2, large: 4 })).toBe('runs_large');
    // 6 of 10 is under two thirds either way.
    expect(fitFlag({ small: 6, large: 4 })).toBeNull();
    expect(fitFlag({ small: 4, large: 6 })).toBeNull();
    // 66 of 100: just under.
    expect(fitFlag({ small: 66, large: 34 })).toBeNull();
    expect(fitFlag({ small: 67, large: 33 })).toBe('runs_small');
  });

  it('says its rule in words', () => {
    expect(FIT_FLAG_RULE).toContain(`at least ${FIT_FLAG_MIN_UNITS}`);
    expect(FIT_FLAG_RULE).toContain('two thirds');
  });
});
