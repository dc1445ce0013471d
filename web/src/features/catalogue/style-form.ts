import { createStyleBodySchema, updateStyleBodySchema, type CreateStyleBody, type Style, type UpdateStyleBody } from '@wh/contracts/catalogue/http';

// The Add New Style / Edit Style form. Lists are typed comma-separated (sizes, colours) or one per line (images);
// the contract's schemas check them, so the form and the server give the same messages. The catalogue never drops
// a SKU, so editing a style only adds sizes and colours: the form's size and colour fields hold the new ones.

export interface StyleFormValues {
  style_code: string;
  name: string;
  is_jeans: boolean;
  sizes: string;
  colors: string;
  images: string;
}

export type StyleFormErrors = Partial<Record<keyof StyleFormValues, string>>;

export function styleFormValues(style?: Style): StyleFormValues {
  return {
    style_code: style?.style_code ?? '',
    name: style?.name ?? '',
    is_jeans: style?.is_jeans ?? false,
    sizes: '',
    colors: '',
    images: style?.images.join('\n') ?? '',
  };
}

/** The style code is fixed once the style has SKUs (they carry it). */
export const codeLocked = (style: Style | undefined) => style !== undefined && style.variant_count > 0;

/** Comma- or line-separated items, trimmed, blanks and repeats (case-insensitive) dropped. */
export function splitList(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(/[,\n]/)) {
    const item = part.trim();
    if (item === '' || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    out.push(item);
  }
  return out;
}

function toBody(values: StyleFormValues): CreateStyleBody {
  return {
    style_code: values.style_code,
    name: values.name.trim(),
    is_jeans: values.is_jeans,
    sizes: splitList(values.sizes),
    colors: splitList(values.colors),
    images: splitList(values.images),
  };
}

function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): StyleFormErrors {
  const errors: StyleFormErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'name') as keyof StyleFormValues;
    errors[field] ??= issue.message;
  }
  return errors;
}

export function validateCreate(values: StyleFormValues): { body: CreateStyleBody; errors: null } | { body: null; errors: StyleFormErrors } {
  const body = toBody(values);
  const result = createStyleBodySchema.safeParse(body);
  return result.success ? { body, errors: null } : { body: null, errors: errorsOf(result.error.issues) };
}

/**
 * New sizes and colours are added to the style's own. An edit that changes anything sends the whole form (every
 * field but a fixed style code), so what the dialog shows is what is saved; one that changes nothing sends nothing.
 */
export function validateUpdate(
  values: StyleFormValues,
  style: Style,
): { body: UpdateStyleBody; errors: null } | { body: null; errors: StyleFormErrors } {
  const next = toBody(values);
  const addTo = (own: readonly string[], more: readonly string[]) => {
    const have = new Set(own.map((v) => v.toLowerCase()));
    return [...own, ...more.filter((v) => !have.has(v.toLowerCase()))];
  };
  const sizes = addTo(style.sizes, next.sizes ?? []);
  const colors = addTo(style.colors, next.colors ?? []);
  const images = next.images ?? [];
  const codeChanged = next.style_code.trim().toUpperCase() !== style.style_code;
  const changed =
    codeChanged ||
    next.name !== style.name ||
    next.is_jeans !== style.is_jeans ||
    sizes.length !== style.sizes.length ||
    colors.length !== style.colors.length ||
    images.length !== style.images.length ||
    images.some((v, i) => v !== style.images[i]);
  if (!changed) return { body: {}, errors: null };
  const body: UpdateStyleBody = {
    ...(codeChanged ? { style_code: next.style_code } : {}),
    name: next.name,
    is_jeans: next.is_jeans ?? false,
    images,
    sizes,
    colors,
  };
  const result = updateStyleBodySchema.safeParse(body);
  return result.success ? { body, errors: null } : { body: null, errors: errorsOf(result.error.issues) };
}

/** The first six colours and how many more (spec: style cards show 6 colours). */
export const CARD_COLOURS = 6;
export function cardColours(colors: readonly string[]): { shown: string[]; more: number } {
  return { shown: colors.slice(0, CARD_COLOURS), more: Math.max(0, colors.length - CARD_COLOURS) };
}
