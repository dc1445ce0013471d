// When a size "runs small" or "runs large": what the buyers' returns report flags, the server computing it and the
// screen saying the rule in FIT_FLAG_RULE. Kept free of zod: the report's chunk reads it.

// The fewest units returned for fit (too small or too large) that a flag is raised on. A size that fits as many
// too small as too large still leans two thirds one way by chance, the fewer its returns the likelier: one time in
// three at 10, one in nine at 20, one in twenty-six at 40.
export const FIT_FLAG_MIN_UNITS = 20;

export const FIT_FLAGS = ['runs_small', 'runs_large'] as const;
export type FitFlag = (typeof FIT_FLAGS)[number];

export const FIT_FLAG_LABELS: Record<FitFlag, string> = { runs_small: 'Runs small', runs_large: 'Runs large' };

export const FIT_FLAG_RULE =
  `A size runs small when at least ${FIT_FLAG_MIN_UNITS} of its units came back for fit (too small or too large) ` +
  'and at least two thirds of those were too small; it runs large when two thirds were too large.';

/** Units returned for fit, by the way the size fits (the returns contract's FIT_REASONS: too small says small). */
export interface FitReturns {
  small: number;
  large: number;
}

/**
 * The flag of a style's size (or of a whole style) from its fit returns: at least FIT_FLAG_MIN_UNITS of them, and
 * at least two thirds leaning one way; null otherwise. Two thirds in whole numbers (3 x side >= 2 x fit), so a share
 * of exactly two thirds flags and no rounding decides.
 */
export function fitFlag({ small, large }: FitReturns): FitFlag | null {
  const fit = small + large;
  if (fit < FIT_FLAG_MIN_UNITS) return null;
  if (3 * small >= 2 * fit) return 'runs_small';
  if (3 * large >= 2 * fit) return 'runs_large';
  return null;
}
