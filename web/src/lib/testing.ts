// Component tests render a screen as the app does (query client, session store, router) against a small fake of the
// API's answers, put where the browser meets the network: `fetch`. No server and no database are involved.
import { createElement, type ReactNode } from 'react';
import { Provider as JotaiProvider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import { vi } from 'vitest';
import type { OrderItem, OrderSummary } from '@wh/contracts/orders/http';
import type { Pagination } from '@wh/contracts/platform/http';
import type { StockUploadResult } from '@wh/contracts/receiving/http';
import type { User } from '@wh/contracts/users/http';
import { appStore, tokenAtom, userAtom } from './session.ts';

// findBy and waitFor wait on what the screen shows; a first render on a busy machine takes seconds, not one.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no CSS.escape, which react-aria's collections (a Select's list box) use to find an option by its key.
if (typeof globalThis.CSS?.escape !== 'function') {
  const escape = (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);
  Object.assign(globalThis, { CSS: { ...globalThis.CSS, escape } });
}

export interface FakeCall {
  method: string;
  /** The path under /api, without the query string. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** The route's `:name` parts. */
  params: Record<string, string>;
  /** The request's headers (an Idempotency-Key among them). */
  headers: Headers;
}

/** An answer: a success envelope around `data`, or (with a status of 400 and more) a failure envelope. */
export interface FakeAnswer {
  status?: number;
  data?: unknown;
  message?: string;
  error?: { code: string; message: string; details?: { field: string; message: string }[] };
}

export type FakeHandler = (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;

function matchRoute(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    if (part.startsWith(':')) params[part.slice(1)] = got[i] ?? '';
    else if (part !== got[i]) return null;
  }
  return params;
}

function respond({ status = 200, data, message, error }: FakeAnswer): Response {
  const body = status >= 400 ? { success: false, message: error?.message, error } : { success: true, data, message };
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Answers the app's API calls from `routes` ('GET /orders', 'POST /orders/:id/assign-worker'), records each call, and
 * refuses (404) any call no route answers, so a test fails loudly on a call it did not expect.
 */
export function fakeApi(routes: Record<string, FakeHandler>) {
  const calls: FakeCall[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://warehouse.test');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const headers = new Headers(init?.headers);
    for (const [route, handler] of Object.entries(routes)) {
      const [routeMethod, pattern = ''] = route.split(' ');
      const params = routeMethod === method ? matchRoute(pattern, path) : null;
      if (!params) continue;
      const call = { method, path, query: url.searchParams, body, params, headers };
      calls.push(call);
      return respond(await handler(call));
    }
    calls.push({ method, path, query: url.searchParams, body, params: {}, headers });
    return respond({ status: 404, error: { code: 'NOT_FOUND', message: `No fake answer for ${method} ${path}` } });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    /** The calls made to one route so far. */
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export interface SentUpload {
  url: string;
  file: FormDataEntryValue | null;
}

type UploadAnswer = { status: number; body: unknown };

/**
 * Uploads go through XMLHttpRequest (for their progress), not fetch: this fake reports half the file sent, then
 * answers with `status` and `body` when the test resolves the answer (or, given a function, each upload with what
 * it returns).
 */
export function fakeUploads(answer: Promise<UploadAnswer> | ((upload: SentUpload) => UploadAnswer | Promise<UploadAnswer>)) {
  const sent: SentUpload[] = [];
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    status = 0;
    statusText = '';
    responseText = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      const upload = { url: this.url, file: form.get('file') };
      sent.push(upload);
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
      void Promise.resolve(typeof answer === 'function' ? answer(upload) : answer).then(({ status, body }) => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

/** A stock upload's result (one receipt of a known style, waiting for approval), as the upload routes answer. */
export const stockUploadResult = (patch: Partial<StockUploadResult> = {}): StockUploadResult => ({
  success: true,
  message: '',
  processed_records: 1,
  new_styles: 0,
  existing_styles: 1,
  new_variants: 0,
  updated_inventory: 0,
  skipped_gift_vouchers: 0,
  pending_approval: 1,
  auto_approved: 0,
  errors: [],
  units: 1,
  over_capacity: [],
  ...patch,
});

/** An answer the test gives when it chooses: the command stays pending until then. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

export const testUser = (patch: Partial<User> = {}): User => ({
  id: 1,
  username: 'manager',
  email: null,
  full_name: 'Mia Manager',
  role: 'manager',
  is_active: true,
  is_deleted: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  last_login_at: null,
  permissions: [],
  ...patch,
});

/** Renders a screen signed in as `user`, with a query client of its own; undoes it all after the test. */
export function renderScreen(screen: ReactNode, { user = testUser(), route = '/' }: { user?: User; route?: string } = {}) {
  appStore.set(tokenAtom, 'test-token');
  appStore.set(userAtom, user);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // A data router, as the app's (a screen may block leaving it); every path shows the screen.
  const router = createMemoryRouter([{ path: '*', element: screen }], { initialEntries: [route] });
  const result = render(
    createElement(JotaiProvider, { store: appStore }, createElement(QueryClientProvider, { client: queryClient }, createElement(RouterProvider, { router }))),
  );
  return { ...result, queryClient, router };
}

/** After each component test: unmount, forget the session, the drafts kept on the device and the fake API. */
export function resetScreen(): void {
  cleanup();
  localStorage.clear();
  appStore.set(tokenAtom, null);
  appStore.set(userAtom, null);
  vi.unstubAllGlobals();
}

export const orderItem = (patch: Partial<OrderItem> = {}): OrderItem => ({
  id: 11,
  sku: 'KN1010-12-WINE',
  style_code: 'KN1010',
  style_name: 'Knit Dress',
  size: '12',
  color: 'WINE',
  quantity: 1,
  value: null,
  status: 'pending',
  picked_at: null,
  picked_by: null,
  short_quantity: null,
  looked_in: [],
  location: 'A-2-1',
  location_type: 'bin',
  location_suggested: true,
  location_quantity: 4,
  unstocked: false,
  no_stock: false,
  notes: null,
  barcodes: [],
  ...patch,
});

export const orderSummary = (patch: Partial<OrderSummary> = {}): OrderSummary => ({
  id: 1,
  order_number: '#30001',
  status: 'pending',
  priority: 1,
  total_items: 2,
  total_quantity: 2,
  picked_items: 0,
  short_items: 0,
  progress: 0,
  order_date: '2026-03-02',
  created_at: '2026-03-02T09:00:00Z',
  assigned_at: null,
  completed_at: null,
  verified_at: null,
  cancelled_at: null,
  verification_notes: null,
  discrepancies: [],
  hold: null,
  assigned_worker: null,
  assigned_worker_id: null,
  assigned_worker_name: null,
  worker_id: null,
  completed_by: null,
  verified_by: null,
  source_file: null,
  style_codes: ['KN1010'],
  batch: null,
  no_stock_items: 0,
  ...patch,
});

export const onePage = (total: number): Pagination => ({ current_page: 1, per_page: 20, total_records: total, total_pages: 1, total_capped: false });
