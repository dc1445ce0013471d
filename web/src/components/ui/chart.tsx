import { useId } from 'react';
import { chartMax, labelEvery, niceScale, tickValues } from './chart-scale.ts';
import './chart.css';

export interface ChartSeries {
  id: string;
  label: string;
  /** One value per category, in the categories' order. */
  values: readonly number[];
}

export interface BarChartProps {
  /** What the chart shows; read out as the image's name and used as the data table's caption. */
  label: string;
  categories: readonly string[];
  series: readonly ChartSeries[];
  /** Several series side by side (grouped) or on top of each other (stacked). */
  mode?: 'grouped' | 'stacked';
  /** How a value reads in the table and the tooltips, e.g. minutes or percent. */
  format?: (value: number) => string;
  /**
   * The chart draws a picture; its figures are in a table. `hidden` (default) keeps that table for screen readers
   * only; `none` leaves it out when the page shows the same figures in a visible table beside the chart.
   */
  table?: 'hidden' | 'none';
}

const WIDTH = 640;
const HEIGHT = 220;
const LEFT = 44;
const RIGHT = 8;
const TOP = 10;
const BOTTOM = 30;
const LABEL_CHARS = 12;

const plain = (value: number) => value.toLocaleString();
const shorten = (text: string) => (text.length > LABEL_CHARS ? `${text.slice(0, LABEL_CHARS - 1)}…` : text);

/**
 * A small SVG bar chart with no charting library (the app keeps its pages light). The picture is one image
 * (`role="img"`) named by `label`; the numbers themselves are in a table, so nothing is known only by colour.
 */
export function BarChart({ label, categories, series, mode = 'grouped', format = plain, table = 'hidden' }: BarChartProps) {
  const id = useId();
  const stacked = mode === 'stacked' || series.length === 1;
  const { top, step } = niceScale(chartMax(series, categories.length, stacked));
  const plotW = WIDTH - LEFT - RIGHT;
  const plotH = HEIGHT - TOP - BOTTOM;
  const slot = categories.length > 0 ? plotW / categories.length : plotW;
  const barArea = slot * 0.78;
  const y = (value: number) => TOP + plotH - (value / top) * plotH;
  const every = labelEvery(categories.length);

  return (
    <figure className="chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="chart-caption">
        {label}
      </figcaption>
      {series.length > 1 ? (
        <ul className="chart-legend" aria-hidden="true">
          {series.map((s, i) => (
            <li key={s.id}>
              <span className={`chart-swatch chart-tone-${i % 6}`} />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      {/* Focusable so a keyboard can scroll it on a narrow screen (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="chart-scroll" tabIndex={0} role="group" aria-labelledby={`${id}-caption`}>
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
      </div>
      {table === 'hidden' ? (
        <table className="sr-only">
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col"></th>
              {series.map((s) => (
                <th key={s.id} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {categories.map((category, ci) => (
              <tr key={`${category}-${ci}`}>
                <th scope="row">{category}</th>
                {series.map((s) => (
                  <td key={s.id}>{format(s.values[ci] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </figure>
  );
}
