import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type CDPSession, type Page } from 'playwright-core';
import type { Role } from '@wh/contracts';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '@wh/command/testing';

export { ADMIN_PASSWORD };
const webDist = fileURLToPath(new URL('../web/dist', import.meta.url));

// A phone held by a picker: its screen, touch, and a record of its vibrations in window.__buzz (headless Chromium
// has no motor).
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, recordVibrations: true } as const;

// clock: Playwright's fake clock installed before the page loads (a test moves time on with context.clock).
// How long a locator or an action waits: a bound for a screen that never shows what is awaited, generous against a
// machine running the other test tiers beside this one.
const WAIT_MS = 60_000;

export type OpenOptions = BrowserContextOptions & { recordVibrations?: boolean; clock?: boolean };

export interface E2E {
  url: string;
  app: TestApp;
  browser: Browser;
  // A user created through the API, for journeys that need one of each role.
  createUser(role: Role, username: string, password?: string, fullName?: string): Promise<{ id: number; username: string; password: string }>;
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  signIn(page: Page, username: string, password: string): Promise<void>;
  // A browser context of its own (desktop size unless the options say otherwise), signed in as `who`, on `path`.
  openAs(who: { username: string; password: string }, path: string, options?: OpenOptions): Promise<{ context: BrowserContext; page: Page }>;
  stop(): Promise<void>;
}

// The whole app as `npm start` runs it (API, projector, built web app) on a database of its own, and Chromium.
export async function startE2E(): Promise<E2E> {
  const app = await startTestApp({ listen: true, webDist });
  const url = app.url;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
  async function signIn(page: Page, username: string, password: string) {
    await page.goto('/login');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  return {
    url,
    app,
    browser,
    async createUser(role, username, password = 'password1', fullName) {
      const created = await (await app.asAdmin()).post('/api/users', { username, password, role, full_name: fullName ?? null });
      if (created.status !== 201) throw new Error(`create ${username}: ${created.status} ${JSON.stringify(created.body)}`);
      return { id: created.body.data.id as number, username, password };
    },
    async newPage() {
      const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 900 } });
      context.setDefaultTimeout(WAIT_MS);
      const page = await context.newPage();
      return { context, page };
    },
    signIn,
    async openAs(who, path, { recordVibrations = false, clock = false, ...options } = {}) {
      // Signed in as a returning user is: the session the login page stores, checked by the app as it starts. The
      // login page itself is the sign-in journeys' (sign-in-and-users, accessibility).
      const session = await apiSession(url, who);
      const context = await browser.newContext({
        baseURL: url,
        viewport: { width: 1280, height: 900 },
        storageState: { cookies: [], origins: [{ origin: url, localStorage: [{ name: 'token', value: session.token }, { name: 'user', value: JSON.stringify(session.user) }] }] },
        ...options,
      });
      context.setDefaultTimeout(WAIT_MS);
      if (recordVibrations) await context.addInitScript('window.__buzz = []; navigator.vibrate = (p) => { window.__buzz.push(p); return true; };');
      if (clock) await context.clock.install();
      const page = await context.newPage();
      await page.goto(path);
      return { context, page };
    },
    async stop() {
      await browser.close();
      await app.stop();
    },
  };
}

// A session as POST /api/auth/login answers it, for a browser context to start signed in.
async function apiSession(url: string, who: { username: string; password: string }): Promise<{ token: string; user: unknown }> {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who) });
  const body = (await res.json()) as { data?: { token: string; user: unknown } };
  if (res.status !== 200 || !body.data) throw new Error(`sign in ${who.username}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

// A key as a keyboard sends it (trusted events: keydown, keypress for a character, keyup), with Shift around capitals.
const KEY_CODES: Record<string, { code: string; keyCode: number }> = {
  Enter: { code: 'Enter', keyCode: 13 },
  ' ': { code: 'Space', keyCode: 32 },
  '-': { code: 'Minus', keyCode: 189 },
};
function keyOf(key: string): { code: string; keyCode: number; text?: string; shift: boolean } {
  const known = KEY_CODES[key];
  if (known) return { ...known, text: key === 'Enter' ? '\r' : key, shift: false };
  if (/^[0-9]$/.test(key)) return { code: `Digit${key}`, keyCode: key.charCodeAt(0), text: key, shift: false };
  if (/^[a-zA-Z]$/.test(key)) return { code: `Key${key.toUpperCase()}`, keyCode: key.toUpperCase().charCodeAt(0), text: key, shift: key !== key.toLowerCase() };
  throw new Error(`no key for ${JSON.stringify(key)}`);
}

const cdpSessions = new WeakMap<Page, Promise<CDPSession>>();
function cdpOf(page: Page): Promise<CDPSession> {
  let session = cdpSessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    cdpSessions.set(page, session);
  }
  return session;
}

// Keys to whatever has focus, each stamped `at` ms after the first (the page reads KeyboardEvent.timeStamp), so the
// gaps the page sees are the ones given whatever this machine's load. The last key is stamped now, none in the future.
export async function pressKeys(page: Page, keys: readonly { key: string; at: number }[]): Promise<void> {
  const cdp = await cdpOf(page);
  const last = Math.max(...keys.map((k) => k.at));
  const start = Date.now() - last - 10;
  const send = (type: 'keyDown' | 'keyUp', key: string, keyCode: number, code: string, atMs: number, text?: string, shift = false) =>
    cdp.send('Input.dispatchKeyEvent', {
      type,
      key,
      code,
      windowsVirtualKeyCode: keyCode,
      modifiers: shift ? 8 : 0,
      timestamp: (start + atMs) / 1000,
      ...(text === undefined ? {} : { text, unmodifiedText: text }),
    });
  for (const { key, at } of keys) {
    const k = keyOf(key);
    if (k.shift) await send('keyDown', 'Shift', 16, 'ShiftLeft', at - 1, undefined, true);
    await send('keyDown', key, k.keyCode, k.code, at, k.text, k.shift);
    await send('keyUp', key, k.keyCode, k.code, at + 4, undefined, k.shift);
    if (k.shift) await send('keyUp', 'Shift', 16, 'ShiftLeft', at + 5);
  }
}

// A keyboard-wedge scanner typing `code` and Enter into whatever has focus, keys `gapMs` apart (a real one's are
// 5-30 ms apart).
export const scannerBurst = (page: Page, code: string, gapMs = 20) => pressKeys(page, [...code, 'Enter'].map((key, i) => ({ key, at: i * gapMs })));

// A scan with no field focused: the burst goes to the page body. (Page code as text: the e2e files are type-checked
// without the DOM library.)
export async function scan(page: Page, code: string): Promise<void> {
  await page.evaluate('document.activeElement?.blur()');
  await scannerBurst(page, code);
}

// Every change the page asks of the server (a POST: picks, completions, moves), in the order sent.
export function changesSent(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') sent.push(new URL(request.url()).pathname);
  });
  return sent;
}

// A request sent after everything the page has done so far: once it is back, any change those keys asked for has
// been sent (and recorded in `changesSent`).
export const settle = (page: Page) => page.evaluate(`fetch('/api/health').then((r) => r.status)`);

// Elements under `selector` that scroll inside the page (a phone screen should have one scroll, the page's).
export const nestedScrollAreas = (page: Page, selector: string) =>
  page.evaluate(
    `[...document.querySelectorAll(${JSON.stringify(`${selector} *`)})].filter((el) => { const s = getComputedStyle(el); return /(auto|scroll)/.test(s.overflowY) && el.scrollHeight > el.clientHeight; }).length`,
  ) as Promise<number>;

const AXE = fileURLToPath(new URL('../node_modules/axe-core/axe.min.js', import.meta.url));
const FAILING_IMPACTS = new Set(['moderate', 'serious', 'critical']);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

// axe's moderate, serious and critical findings on the page as it is, one line each. axe goes in as a script tag,
// which the app's Content-Security-Policy refuses: open the page with `{ bypassCSP: true }`.
export async function axeFindings(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  // A string, evaluated in the page: the e2e files are type-checked without the DOM's types.
  const violations = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)`)) as AxeViolation[];
  return violations
    .filter((v) => v.impact !== null && FAILING_IMPACTS.has(v.impact))
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}
