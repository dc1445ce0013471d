import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AddBarcodeBody, CreateStyleBody, Style, StyleList, UpdateStyleBody } from '@wh/contracts/catalogue/http';
import { apiData } from '../../../lib/api-client.ts';
import type { LiveKeys } from '../../../lib/live-topics.ts';
import type { CommandSpec } from '../../../lib/use-command.ts';

export interface StylesFilter {
  search: string;
  color: string | null;
  size: string | null;
  isJeans: boolean | null;
  page: number;
}

// Spec section 9: styles page in 50s.
export const STYLES_PAGE_SIZE = 50;

export const stylesKeys = {
  all: ['styles'] as const,
  list: (filter: StylesFilter) => ['styles', 'list', filter] as const,
};

/** 'styles' is the live topic of the catalogue. */
export const catalogueLiveKeys: LiveKeys = { styles: [stylesKeys.all] };

export const stylesListQuery = (filter: StylesFilter) =>
  queryOptions({
    queryKey: stylesKeys.list(filter),
    queryFn: ({ signal }) =>
      apiData<StyleList>('/styles', {
        query: {
          search: filter.search.trim() || undefined,
          color: filter.color ?? undefined,
          size: filter.size ?? undefined,
          is_jeans: filter.isJeans ?? undefined,
          page: filter.page,
          limit: STYLES_PAGE_SIZE,
        },
        defaultMessage: 'Failed to fetch styles',
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const createStyle = (body: CreateStyleBody) =>
  apiData<Style>('/styles', { method: 'POST', body, defaultMessage: 'Failed to create style' });

export const updateStyle = (id: number, body: UpdateStyleBody) =>
  apiData<Style>(`/styles/${id}`, { method: 'PUT', body, defaultMessage: 'Failed to update style' });

export const createStyleCommand: CommandSpec<CreateStyleBody, Style> = {
  send: createStyle,
  invalidates: [stylesKeys.all],
  fallbackError: 'Failed to create style',
};

export const updateStyleCommand: CommandSpec<{ id: number; body: UpdateStyleBody }, Style> = {
  send: ({ id, body }) => updateStyle(id, body),
  invalidates: [stylesKeys.all],
  fallbackError: 'Failed to update style',
};

/** Gives one of the style's SKUs a barcode; answers the style. */
export const addBarcodeCommand: CommandSpec<{ styleId: number; body: AddBarcodeBody }, Style> = {
  send: ({ styleId, body }) => apiData<Style>(`/styles/${styleId}/barcodes`, { method: 'POST', body, defaultMessage: 'Failed to add barcode' }),
  invalidates: [stylesKeys.all],
  fallbackError: 'Failed to add barcode',
};

/** Takes a barcode off the style's SKU that carries it; answers the style. */
export const removeBarcodeCommand: CommandSpec<{ styleId: number; barcode: string }, Style> = {
  send: ({ styleId, barcode }) =>
    apiData<Style>(`/styles/${styleId}/barcodes/${encodeURIComponent(barcode)}`, { method: 'DELETE', defaultMessage: 'Failed to remove barcode' }),
  invalidates: [stylesKeys.all],
  fallbackError: 'Failed to remove barcode',
};
