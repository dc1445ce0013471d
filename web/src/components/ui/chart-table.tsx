import type { ChartSeries } from './chart-scale.ts';

export interface ChartTableProps {
  label: string;
  categories: readonly string[];
  series: readonly ChartSeries[];
  format: (value: number) => string;
}

/** The chart's figures as a table for screen readers: a row a category, a column a series. */
export function ChartTable({ label, categories, series, format }: ChartTableProps) {
  return (
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
  );
}
