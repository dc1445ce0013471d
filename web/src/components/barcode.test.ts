import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Barcode, code128Svg } from './barcode.tsx';

describe('Code 128 barcode', () => {
  it('draws the bars of the text with a quiet zone of ten modules either side', () => {
    const drawn = code128Svg('A-1-1');
    // Start (11) + five characters (11 each) + check (11) + stop (13) = 90 modules, and 2 x 10 of quiet zone.
    expect(drawn.modules).toBe(110);
    expect(drawn.svg).toMatch(/^<svg preserveAspectRatio="none" aria-hidden="true" focusable="false" viewBox="0 0 110 /);
    expect(drawn.svg).toContain('<path');
    expect(code128Svg('A-1-2').svg).not.toBe(drawn.svg);
  });

  it('is one image named by its value, printed a third of a millimetre per module', () => {
    const html = renderToStaticMarkup(createElement(Barcode, { value: 'A-1-1', heightMm: 16 }));
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Barcode A-1-1"');
    expect(html).toContain('data-barcode="A-1-1"');
    expect(html).toContain('width:36.3mm;height:16mm');
    expect(html.match(/<svg/g)).toHaveLength(1);
  });

  it('prints a note instead of bars for text it cannot encode', () => {
    const html = renderToStaticMarkup(createElement(Barcode, { value: '' }));
    expect(html).not.toContain('<svg');
    expect(html).toContain('No barcode for');
  });
});
