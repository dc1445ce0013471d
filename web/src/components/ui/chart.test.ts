import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BarChart, type BarChartProps } from './chart.tsx';

const render = (props: BarChartProps) => renderToStaticMarkup(createElement(BarChart, props));
const count = (html: string, needle: RegExp) => (html.match(needle) ?? []).length;

describe('bar chart', () => {
  const props: BarChartProps = {
    label: 'Orders per day',
    categories: ['20 Nov', '21 Nov'],
    series: [
      { id: 'received', label: 'Received', values: [3, 4] },
      { id: 'completed', label: 'Completed', values: [0, 2] },
    ],
  };

  it('is one named image with a bar per non-zero value', () => {
    const html = render(props);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Orders per day"');
    expect(count(html, /<rect /g)).toBe(3);
    expect(html).toContain('<title>21 Nov, Completed: 2</title>');
  });

  it('carries every figure in a screen-reader table', () => {
    const html = render(props);
    expect(html).toContain('<table class="sr-only">');
    expect(html).toContain('<th scope="row">20 Nov</th><td>3</td><td>0</td>');
    expect(html).toContain('<th scope="row">21 Nov</th><td>4</td><td>2</td>');
  });

  it('leaves the table out when the page shows one beside it', () => {
    expect(render({ ...props, table: 'none' })).not.toContain('<table');
  });

  it('stacks series on one bar per category when asked', () => {
    const grouped = render(props);
    const stacked = render({ ...props, mode: 'stacked' });
    const widths = (html: string) => [...html.matchAll(/<rect [^>]*width="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(Math.max(...widths(stacked))).toBeGreaterThan(Math.max(...widths(grouped)));
  });

  it('says there is no data when there are no categories', () => {
    expect(render({ ...props, categories: [] })).toContain('aria-label="Orders per day: no data"');
  });
});
