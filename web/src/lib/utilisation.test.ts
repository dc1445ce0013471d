import { describe, expect, it } from 'vitest';
import { averageUtilisation, DASHBOARD_YELLOW_FROM, utilisationPercent, utilisationTone } from './utilisation.ts';

describe('utilisation colour', () => {
  it('is red from 90 %, yellow from 70 %, green below', () => {
    expect(utilisationTone(100)).toBe('red');
    expect(utilisationTone(90)).toBe('red');
    expect(utilisationTone(89)).toBe('yellow');
    expect(utilisationTone(70)).toBe('yellow');
    expect(utilisationTone(69)).toBe('green');
    expect(utilisationTone(0)).toBe('green');
  });

  it('turns yellow only from 75 % on the dashboard', () => {
    expect(utilisationTone(72, DASHBOARD_YELLOW_FROM)).toBe('green');
    expect(utilisationTone(75, DASHBOARD_YELLOW_FROM)).toBe('yellow');
    expect(utilisationTone(95, DASHBOARD_YELLOW_FROM)).toBe('red');
  });
});

describe('utilisation percent', () => {
  it('is stock over capacity in whole percent', () => {
    expect(utilisationPercent(45, 60)).toBe(75);
    expect(utilisationPercent(1, 3)).toBe(33);
  });

  it('can pass 100 % when a location is over-filled', () => {
    expect(utilisationPercent(12, 10)).toBe(120);
  });

  it('is unknown without a capacity', () => {
    expect(utilisationPercent(5, null)).toBeNull();
    expect(utilisationPercent(5, 0)).toBeNull();
  });

  it('averages the per-location percentages, skipping locations without capacity', () => {
    // 100 % and 10 %: the mean is 55 %, although total stock over total capacity would be 20 %.
    expect(
      averageUtilisation([
        { stock: 10, capacity: 10 },
        { stock: 10, capacity: 100 },
        { stock: 3, capacity: null },
      ]),
    ).toBe(55);
    expect(averageUtilisation([])).toBe(0);
  });
});
