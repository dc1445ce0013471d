import { code128, drawingSVG } from 'bwip-js/browser';

// Scanners read Code 128 best with bars of a third of a millimetre and a quiet zone of ten bars either side.
const MODULE_MM = 0.33;
const QUIET_ZONE_MODULES = 10;

export interface Code128Svg {
  /** The barcode as an SVG document, bars only (the text is printed beside it as text). */
  svg: string;
  /** Its width in modules (narrowest bars), quiet zones included. */
  modules: number;
}

/**
 * Code 128 of `text` as SVG, drawn by bwip-js. At scale 1 a module is one unit of the viewBox, so the width in
 * modules gives the printed width. `preserveAspectRatio="none"` lets the height follow the CSS, not the width.
 */
export function code128Svg(text: string): Code128Svg {
  const svg = code128({ bcid: 'code128', text, scale: 1, height: 10, paddingwidth: QUIET_ZONE_MODULES }, drawingSVG());
  const modules = Number(/viewBox="0 0 (\d+) /.exec(svg)?.[1] ?? 0);
  return { svg: svg.replace('<svg ', '<svg preserveAspectRatio="none" aria-hidden="true" focusable="false" '), modules };
}

export interface BarcodeProps {
  value: string;
  /** Bar height in millimetres. */
  heightMm?: number;
}

/**
 * A Code 128 barcode of `value`, one image named by its value. Printed at its natural width (a narrow column
 * shrinks it) so a scanner reads it from paper; `data-barcode` names what it encodes.
 */
export function Barcode({ value, heightMm = 12 }: BarcodeProps) {
  let drawn: Code128Svg;
  try {
    drawn = code128Svg(value);
  } catch {
    // Code 128 cannot say every character; the text printed beside it still can.
    return <span className="barcode-missing muted small">No barcode for {value}</span>;
  }
  return (
    <span
      className="barcode"
      role="img"
      aria-label={`Barcode ${value}`}
      data-barcode={value}
      style={{ width: `${(drawn.modules * MODULE_MM).toFixed(1)}mm`, height: `${heightMm}mm` }}
      // The markup is bwip-js's drawing of bars (paths only); the value never appears in it as text.
      dangerouslySetInnerHTML={{ __html: drawn.svg }}
    />
  );
}
