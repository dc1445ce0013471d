import { chartMax, labelEvery, niceScale, tickValues, type ChartSeries } from './chart-scale.ts';

const WIDTH = 640;
const HEIGHT = 220;
const LEFT = 44;
const RIGHT = 8;
const TOP = 10;
const BOTTOM = 30;
const LABEL_CHARS = 12;

const shorten = (text: string) => (text.length > LABEL_CHARS ? `${text.slice(0, LABEL_CHARS - 1)}…` : text);

export interface ChartPlotProps {
  label: string;
  categories: readonly string[];
  series: readonly ChartSeries[];
  /** The series on top of each other, else side by side. */
  stacked: boolean;
  format: (value: number) => string;
}

/** The chart's picture: the value ticks, a group of bars a category (each with its tooltip) and the axis. */
export function ChartPlot({ label, categories, series, stacked, format }: ChartPlotProps) {
  const { top, step } = niceScale(chartMax(series, categories.length, stacked));
  const plotW = WIDTH - LEFT - RIGHT;
  const plotH = HEIGHT - TOP - BOTTOM;
  const slot = categories.length > 0 ? plotW / categories.length : plotW;
  const barArea = slot * 0.78;
  const y = (value: number) => TOP + plotH - (value / top) * plotH;
  const every = labelEvery(categories.length);
  return (
    <svg
      className="chart-svg"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={categories.length === 0 ? `${label}: no data` : label}
    >
      {tickValues(top, step).map((tick) => (
        <g key={tick} className="chart-tick">
          <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(tick)} y2={y(tick)} />
          <text x={LEFT - 6} y={y(tick)} dy="0.32em" textAnchor="end">
            {format(tick)}
          </text>
        </g>
      ))}
      {categories.map((category, ci) => {
        const x0 = LEFT + ci * slot + (slot - barArea) / 2;
        let base = 0;
        return (
          <g key={`${category}-${ci}`}>
            {series.map((s, si) => {
              const value = s.values[ci] ?? 0;
              if (value <= 0) return null;
              const width = stacked ? barArea : barArea / series.length;
              const x = stacked ? x0 : x0 + si * width;
              const from = stacked ? base : 0;
              if (stacked) base += value;
              return (
                <rect
                  key={s.id}
                  className={`chart-bar chart-tone-${si % 6}`}
                  x={x}
                  width={Math.max(width - 1, 1)}
                  y={y(from + value)}
                  height={Math.max(y(from) - y(from + value), 0.5)}
                >
                  <title>{`${category}, ${s.label}: ${format(value)}`}</title>
                </rect>
              );
            })}
            {ci % every === 0 ? (
              <text className="chart-category" x={LEFT + ci * slot + slot / 2} y={HEIGHT - BOTTOM + 16} textAnchor="middle">
                {shorten(category)}
              </text>
            ) : null}
          </g>
        );
      })}
      <line className="chart-axis" x1={LEFT} x2={WIDTH - RIGHT} y1={TOP + plotH} y2={TOP + plotH} />
    </svg>
  );
}
