// Picking location search (spec section 5): the text is split on hyphens into style code, colour and size;
// the second and third parts are optional, and without a hyphen the whole text is the style code.

export interface LocationQuery {
  style_code: string;
  color?: string;
  size?: string;
}

export function parseLocationQuery(input: string): LocationQuery | null {
  const text = input.trim();
  if (text === '') return null;
  if (!text.includes('-')) return { style_code: text };
  const [style, color, size] = text.split('-').map((p) => p.trim());
  return {
    style_code: style ?? '',
    ...(color ? { color } : {}),
    ...(size ? { size } : {}),
  };
}
