import { useId } from 'react';
import { ChartPlot } from './chart-plot.tsx';
import { ChartTable } from './chart-table.tsx';
import type { ChartSeries } from './chart-scale.ts';
import './chart.css';

export type { ChartSeries } from './chart-scale.ts';

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

const plain = (value: number) => value.toLocaleString();

/**
 * A small SVG bar chart with no charting library (the app keeps its pages light). The picture is one image
 * (`role="img"`) named by `label`; the numbers themselves are in a table, so nothing is known only by colour.
 */
export function BarChart({ label, categories, series, mode = 'grouped', format = plain, table = 'hidden' }: BarChartProps) {
  const id = useId();
  const stacked = mode === 'stacked' || series.length === 1;

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
        <ChartPlot label={label} categories={categories} series={series} stacked={stacked} format={format} />
      </div>
      {table === 'hidden' ? <ChartTable label={label} categories={categories} series={series} format={format} /> : null}
    </figure>
  );
}
