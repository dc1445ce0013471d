import { describe, expect, it } from 'vitest';
import { FIT_FLAG_MIN_UNITS, FIT_FLAG_RULE, fitFlag } from './fit-flag.ts';

describe('the runs small / runs large flag', () => {
  it('needs at least the minimum of fit returns', () => {
    expect(FIT_FLAG_MIN_UNITS).toBe(20);
    expect(fitFlag({ small: 19, large: 0 })).toBeNull();
    expect(fitFlag({ small: 20, large: 0 })).toBe('runs_small');
    expect(fitFlag({ small: 0, large: 20 })).toBe('runs_large');
    expect(fitFlag({ small: 0, large: 0 })).toBeNull();
  });

  it('flags a share of exactly two thirds, not just under it', () => {
    expect(fitFlag({ small: 20, large: 10 })).toBe('runs_small');
    expect(fitFlag({ small: 10, large: 20 })).toBe('runs_large');
    expect(fitFlag({ small: 19, large: 10 })).toBeNull();
    // 12 of 20 is under two thirds either way.
    expect(fitFlag({ small: 12, large: 8 })).toBeNull();
    expect(fitFlag({ small: 8, large: 12 })).toBeNull();
    // 66 of 100: just under.
    expect(fitFlag({ small: 66, large: 34 })).toBeNull();
    expect(fitFlag({ small: 67, large: 33 })).toBe('runs_small');
  });

  it('says its rule in words', () => {
    expect(FIT_FLAG_RULE).toContain(`at least ${FIT_FLAG_MIN_UNITS}`);
    expect(FIT_FLAG_RULE).toContain('two thirds');
  });
});
