// Pure arithmetic behind the bar chart (components/ui/chart.tsx), kept apart so it can be tested without a DOM.

export interface ChartSeries {
  id: string;
  label: string;
  /** One value per category, in the categories' order. */
  values: readonly number[];
}

/** A round top for the value axis (1, 2 or 5 times a power of ten) and its step, at least 1 for counts. */
export function niceScale(max: number, ticks = 4): { top: number; step: number } {
  if (!Number.isFinite(max) || max <= 0) return { top: ticks, step: 1 };
  const rough = max / ticks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const whole = Math.max(step, 1);
  const top = Math.ceil(max / whole) * whole;
  return { top, step: whole };
}

/** The tick values from 0 to top. */
export function tickValues(top: number, step: number): number[] {
  const values: number[] = [];
  for (let v = 0; v <= top + step / 2; v += step) values.push(Math.round(v * 1000) / 1000);
  return values;
}

/** Show every nth category label so that at most `room` fit under the axis (1 = all of them). */
export function labelEvery(count: number, room = 12): number {
  if (count <= room) return 1;
  return Math.ceil(count / room);
}

/** The largest bar: the biggest value when bars stand side by side, the biggest column sum when stacked. */
export function chartMax(series: readonly { values: readonly number[] }[], categories: number, stacked: boolean): number {
  let max = 0;
  for (let i = 0; i < categories; i += 1) {
    const values = series.map((s) => s.values[i] ?? 0);
    const here = stacked ? values.reduce((a, b) => a + b, 0) : Math.max(0, ...values);
    if (here > max) max = here;
  }
  return max;
}
