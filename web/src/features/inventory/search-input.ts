// Inventory search form rules (spec section 5): the style code is uppercased as typed and must be
// non-empty once trimmed; colour and size are optional.

export interface SearchDraft {
  styleCode: string;
  color?: string | undefined;
  size?: string | undefined;
}

export interface SearchQuery {
  style_code: string;
  color?: string;
  size?: string;
}

export const STYLE_CODE_REQUIRED = 'Please enter a style code';

/** What the style code field shows while typing: upper case, nothing else changed. */
export const asTypedStyleCode = (text: string): string => text.toUpperCase();

export function parseSearch(draft: SearchDraft): { query: SearchQuery } | { error: string } {
  const styleCode = draft.styleCode.trim().toUpperCase();
  if (!styleCode) return { error: STYLE_CODE_REQUIRED };
  const color = draft.color?.trim();
  const size = draft.size?.trim();
  return { query: { style_code: styleCode, ...(color ? { color } : {}), ...(size ? { size } : {}) } };
}
