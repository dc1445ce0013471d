import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createTestDatabase, queryRows, type TestDatabase } from '@wh/db/testing';
import { caughtUp, snapshot } from '@wh/projector/testing';
import { ADMIN_PASSWORD, client, startTestApp, type Client, type TestApp } from '../services/command/src/testing.ts';
import { makeEveryKindHistory, type EveryKindHistory } from '../test/every-kind.ts';
import { runScript } from '../test/run-script.ts';
import { signIn } from './demo/client.ts';

// The restore drill: a history of every kind, backed up while commands keep running, restored into a fresh database
// and an app started on it. Commands run during the whole backup, so the original moves on past the backup's
// snapshot: the restored events must be exactly the original's up to a transaction-consistent cut that holds every
// event committed before the backup began. The original's events past the cut are then appended to the restored
// store, and once its projector has caught up every read model and the audit log must equal the original's.

interface EventRow {
  global_position: string;
  transaction_id: string;
}

const positions = async (url: string) => (await queryRows<EventRow>(url, 'select global_position, transaction_id::text from events order by global_position')).map((r) => r.global_position);

let original: TestApp;
let history: EveryKindHistory;
let dir: string;
const made: TestDatabase[] = [];

beforeAll(async () => {
  original = await startTestApp({ listen: true });
  history = await makeEveryKindHistory(original.url, { username: 'admin', password: ADMIN_PASSWORD });
  dir = await mkdtemp(join(tmpdir(), 'warehouse-drill-'));
}, 300_000);

afterAll(async () => {
  for (const db of made) await db.drop().catch(() => {});
  await original?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function emptyDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase(inject('pgUrl'), { migrate: false });
  made.push(db);
  return db;
}

// Stock as of each instant of the history, at every location.
async function stockAsOf(api: Client): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const at of history.instants) {
    for (const location of history.locations) {
      const res = await api.get(`/api/inventory/as-of?location=${encodeURIComponent(location)}&at=${encodeURIComponent(at)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      out.push(res.body.data);
    }
  }
  return out;
}

async function auditLog(api: Client): Promise<unknown[]> {
  const all: unknown[] = [];
  for (let page = 1; ; page++) {
    const res = await api.get(`/api/audit/events?limit=100&page=${page}`);
    expect(res.status).toBe(200);
    all.push(...res.body.data.events);
    if (page >= res.body.data.pagination.total_pages) return all;
  }
}

// Commands in a loop until stopped, each with its own Idempotency-Key (the demo client sends one with every call),
// each sent once the one before it is answered. `answered` counts the answers so far; `done` answers how many completed.
function commandsUntil(stopped: () => boolean, command: (i: number) => Promise<unknown>): { done: Promise<number>; answered: () => number } {
  let i = 0;
  let answered = 0;
  const done = (async () => {
    while (!stopped()) {
      await command(i++);
      answered++;
    }
    return i;
  })();
  return { done, answered: () => answered };
}

// Resolves once every loop has answered at least one more command than it had when this was called.
async function eachAnswersAnother(loops: readonly { answered: () => number }[]): Promise<void> {
  const from = loops.map((l) => l.answered());
  await vi.waitFor(() => loops.forEach((l, i) => expect(l.answered()).toBeGreaterThan(from[i]!)), { timeout: 60_000, interval: 20 });
}

describe('the restore drill', () => {
  it('restores a backup taken while commands run: the events up to a consistent cut, then every read model, the audit log, past stock and every sign-in equal to the original', async () => {
    const admin = await original.asAdmin();
    const pastStock = await stockAsOf(admin);

    // ---- Commands running during the whole backup.
    const manager = await signIn(original.url, 'admin', ADMIN_PASSWORD);
    const clerkPerson = history.people.find((p) => p.role === 'executive1')!;
    const clerk = await signIn(original.url, clerkPerson.username, clerkPerson.password);
    const held = (await admin.get(`/api/inventory/as-of?location=A-1-1&at=${encodeURIComponent(new Date().toISOString())}`)).body.data.stock[0] as { sku: string };
    const pending = (await admin.get('/api/orders?status=pending&limit=1')).body.data.orders[0] as { id: number };
    const picker = history.people.find((p) => p.role === 'worker')!;
    const worker = (await admin.get(`/api/users?search=${encodeURIComponent(picker.username)}`)).body.data.users[0] as { id: number };
    let stop = false;
    const adjusting = commandsUntil(() => stop, (i) =>
      manager.post('/api/inventory/adjust', { sku: held.sku, adjustment_type: i % 2 ? 'decrease' : 'increase', quantity: 1, reason: 'Physical count discrepancy', location: 'A-1-1' }),
    );
    const assigning = commandsUntil(() => stop, (i) =>
      i % 2 ? clerk.post(`/api/orders/${pending.id}/deassign-worker`) : clerk.post(`/api/orders/${pending.id}/assign-worker`, { worker_id: worker.id }),
    );
    // Both loops are running before the backup begins ...
    await eachAnswersAnother([adjusting, assigning]);
    const before = new Set(await positions(original.db.url));
    const file = join(dir, 'drill.dump');
    const backup = await runScript('backup.ts', [file], { DATABASE_URL: original.db.url });
    const afterBackup = new Set(await positions(original.db.url));
    // ... and still after it has ended.
    await eachAnswersAnother([adjusting, assigning]);
    stop = true;
    const [adjusted, assigned] = await Promise.all([adjusting.done, assigning.done]);
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(/with \S+pg_dump \(pg_dump \(PostgreSQL\) \d+/);
    expect(backup.out).not.toContain('password');
    expect(adjusted + assigned).toBeGreaterThan(10);
    await caughtUp(original.database.db);

    // ---- Restored into a fresh database.
    const target = await emptyDatabase();
    const restore = await runScript('restore.ts', [file], { DATABASE_URL: target.url });
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toMatch(/with \S+pg_restore \(pg_restore \(PostgreSQL\) \d+/);

    // The cut: every event committed before the backup began is there; nothing the original lacks; whole transactions
    // only; and the original went on past it while pg_dump ran (events committed before it ended are not there).
    const all = await queryRows<EventRow & { row: string }>(original.db.url, 'select global_position, transaction_id::text, to_jsonb(e)::text as row from events e order by global_position');
    const restored = await queryRows<EventRow & { row: string }>(target.url, 'select global_position, transaction_id::text, to_jsonb(e)::text as row from events e order by global_position');
    const originalRows = new Map(all.map((e) => [e.global_position, e]));
    const cut = new Set(restored.map((e) => e.global_position));
    for (const e of restored) expect(e.row).toBe(originalRows.get(e.global_position)?.row);
    for (const position of before) expect(cut.has(position), `event ${position}, committed before the backup began`).toBe(true);
    const inCut = new Set(restored.map((e) => e.transaction_id));
    for (const e of all) expect(cut.has(e.global_position), `event ${e.global_position} of a transaction cut in two`).toBe(inCut.has(e.transaction_id));
    expect([...afterBackup].some((p) => !cut.has(p)), 'commands committed while pg_dump ran').toBe(true);
    expect(restored.length).toBeGreaterThan(before.size);

    const copy = await startTestApp({ database: target });
    try {
      // The sessions left open are open still. Only queries until the original's later events are in: a sign-in is a
      // command, its events would take their positions.
      for (const session of history.openSessions) expect((await client(copy.app, session.token).get('/api/auth/me')).status).toBe(200);
      const restoredAdmin = client(copy.app, history.openSessions[0]!.token);
      // Stock as of the past instants (all before the cut), from the restored history alone.
      expect(await stockAsOf(restoredAdmin)).toEqual(pastStock);

      // ---- The original's events past the cut appended, as they were; the restored projector catches up.
      const later = all.filter((e) => !cut.has(e.global_position)).map((e) => JSON.parse(e.row) as unknown);
      await queryRows(
        target.url,
        `insert into events overriding system value select * from jsonb_populate_recordset(null::events, '${JSON.stringify(later).replace(/'/g, "''")}'::jsonb)`,
      );
      await queryRows(target.url, `select setval(pg_get_serial_sequence('events', 'global_position'), (select max(global_position) from events))`);
      await caughtUp(copy.database.db);
      expect(await snapshot(copy.database.db)).toEqual(await snapshot(original.database.db));
      expect(await auditLog(restoredAdmin)).toEqual(await auditLog(admin));

      // ---- Everyone signs in with their password; the deactivated user still cannot.
      for (const person of history.people) await copy.login(person.username, person.password);
      const refused = await copy.anonymous.post('/api/auth/login', { username: history.deactivated.username, password: history.deactivated.password });
      expect(refused.status).toBeGreaterThanOrEqual(400);
    } finally {
      await copy.stop();
    }
  }, 300_000);
});

describe('npm run restore refuses what it must not overwrite', () => {
  const relations = async (url: string) =>
    (await queryRows<{ n: number }>(url, `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'`))[0]!.n;
  const eventCount = async (url: string) => (await queryRows<{ n: number }>(url, 'select count(*)::int as n from events'))[0]!.n;

  // A backup of the original, taken with nothing running.
  let file: string;
  let backedUp: number;
  beforeAll(async () => {
    file = join(dir, 'quiet.dump');
    expect((await runScript('backup.ts', [file], { DATABASE_URL: original.db.url })).code).toBe(0);
    backedUp = await eventCount(original.db.url);
  }, 300_000);

  it('refuses a database that holds data or that the app is using, changing nothing; --clean drops everything first', async () => {
    const target = await emptyDatabase();
    expect((await runScript('restore.ts', [file], { DATABASE_URL: target.url })).code).toBe(0);
    // A marker the original lacks: a second restore that went ahead would lose it.
    await queryRows(target.url, 'create table kept_by_refusal (x int)');
    const again = await runScript('restore.ts', [file], { DATABASE_URL: target.url });
    expect(again.code, again.out).toBe(3);
    expect(again.out).toMatch(new RegExp(`is not empty: it holds \\d+ tables, sequences or views, and ${backedUp} events\\. Nothing was changed\\.`));
    expect(again.out).toContain('--clean');
    expect(await relations(target.url)).toBeGreaterThan(0);
    expect((await queryRows(target.url, 'select * from kept_by_refusal')).length).toBe(0);

    const running = await startTestApp({ database: target });
    try {
      const inUse = await runScript('restore.ts', [file, '--clean'], { DATABASE_URL: target.url });
      expect(inUse.code, inUse.out).toBe(3);
      expect(inUse.out).toMatch(/other connection\(s\): is the app running on it\? Stop it first\. Nothing was changed\./);
    } finally {
      await running.close();
    }
    expect(await eventCount(target.url)).toBe(backedUp);

    const clean = await runScript('restore.ts', [file, '--clean'], { DATABASE_URL: target.url });
    expect(clean.code, clean.out).toBe(0);
    expect(clean.out).toContain('--clean: dropped everything');
    expect(await queryRows(target.url, `select 1 from pg_class where relname = 'kept_by_refusal'`)).toEqual([]);
    expect(await eventCount(target.url)).toBe(backedUp);
  }, 300_000);

  // The quiet backup as another version of the app would have made it: restored, changed by `change`, backed up.
  async function backupAsIf(change: string, name: string): Promise<string> {
    const other = await emptyDatabase();
    expect((await runScript('restore.ts', [file], { DATABASE_URL: other.url })).code).toBe(0);
    await queryRows(other.url, change.replaceAll('__SOURCE__', new URL(other.url).pathname.slice(1)));
    const made = join(dir, name);
    expect((await runScript('backup.ts', [made], { DATABASE_URL: other.url })).code).toBe(0);
    return made;
  }

  it('migrates a backup of an older version after restoring it, and refuses one of a newer version before changing anything', async () => {
    // Made by the version before 112, which every migration since then undoes here (newest first): restored, then
    // migrated. A backup that lacks a migration but has a later one is no backup a version made, and is refused.
    const older = await backupAsIf(
      `delete from schema_migrations where name >= '112';
       drop table rm_count_tasks, rm_count_locations, count_open_locations, count_trigger_claims, count_plan_days;
       drop sequence count_id_seq;
       drop index events_count_triggers;
       alter table rm_warehouse_settings drop column count_daily_plan, drop column count_every_days, drop column count_daily_cap,
         drop column count_recount_over_units;
       drop index rm_order_items_sku;
       drop table rm_return_lines, rm_return_parcels;
       drop index events_return_order;
       drop sequence return_id_seq;
       delete from location_registry where code in ('RETURNS', 'SECONDS');
       drop index rm_report_picks_order;
       drop table rm_return_shipped, rm_return_shipped_total, rm_return_received, rm_return_restock_times, rm_returns_open;
       drop sequence stock_move_id_seq;
       drop table barcode_registry;
       drop table rm_barcodes;
       drop function events_horizon();
       drop table rm_order_sku_stock;
       drop index rm_order_items_pending_sku;
       alter table rm_orders drop column no_stock_items;
       alter table rm_orders drop column hold;
       drop table rm_count_flags;
       alter table rm_order_items drop column short_quantity, drop column looked_in;
       alter table rm_orders drop column short_items;
       alter table rm_report_buckets drop column shorted;
       alter table idempotency_keys drop column role;
       drop table projection_stops;
       alter table rm_sku_stock alter column quantity type int;
       alter table rm_location_stock alter column quantity type int;
       alter table rm_location_styles alter column quantity type int;
       alter table rm_report_worker_buckets alter column units_picked type int;
       alter table events drop column schema_version`,
      'older.dump',
    );
    const upgraded = await emptyDatabase();
    const upgrade = await runScript('restore.ts', [older], { DATABASE_URL: upgraded.url });
    expect(upgrade.code, upgrade.out).toBe(0);
    expect(upgrade.out).toContain('migration applied 112_event_schema_version.sql');
    // Every event of the older version is version 1 of its type.
    expect(await queryRows(upgraded.url, `select distinct schema_version from events`)).toEqual([{ schema_version: 1 }]);

    // Made by a version with a migration this one lacks: refused before anything changes.
    const newer = await backupAsIf(`insert into schema_migrations (name) values ('999_from_a_later_version.sql')`, 'newer.dump');
    const fresh = await emptyDatabase();
    const refused = await runScript('restore.ts', [newer], { DATABASE_URL: fresh.url });
    expect(refused.code, refused.out).toBe(2);
    expect(refused.out).toContain('was made by a newer version of the app: its database has migration(s) 999_from_a_later_version.sql');
    expect(await relations(fresh.url)).toBe(0);
  }, 300_000);

  it('refuses a backup holding what the migrations do not make, by name, before anything runs, a changed definition too; an edited archive runs no program and what it makes is undone', async () => {
    const marker = `/tmp/wh-ran-${process.pid}-${Date.now()}`;
    // Runs the command only away from the database it was made in: the rows loaded by a restore would run it.
    const pwn = (name: string) => `
      create function public.${name}(x int) returns boolean language plpgsql as $f$
      begin
        if current_database() <> '__SOURCE__' then execute format('copy (select 1) to program %L', 'touch ${marker}'); end if;
        return true;
      end $f$`;
    const extraTable = await backupAsIf(
      `${pwn('looks_harmless')}; create table public.audit_extra (x int check (public.looks_harmless(x))); insert into public.audit_extra values (1)`,
      'extra-table.dump',
    );
    const changedFunction = await backupAsIf(
      `${pwn('looks_harmless')}; create or replace function public.garment_size_rank(size text) returns numeric language plpgsql immutable as $f$
       begin perform public.looks_harmless(1); return 0; end $f$`,
      'changed-function.dump',
    );
    const extraTrigger = await backupAsIf(
      `create trigger also_notify after insert on public.credentials for each statement execute function public.events_notify()`,
      'extra-trigger.dump',
    );
    for (const [file, named] of [
      [extraTable, ['TABLE public audit_extra (not made by', 'FUNCTION public looks_harmless(integer) (not made by', 'rows of public.audit_extra']],
      [changedFunction, ['FUNCTION public garment_size_rank(text) (defined otherwise', 'FUNCTION public looks_harmless(integer) (not made by']],
      [extraTrigger, ['TRIGGER public credentials also_notify (not made by']],
    ] as const) {
      const target = await emptyDatabase();
      const refused = await runScript('restore.ts', [file], { DATABASE_URL: target.url });
      expect(refused.code, refused.out).toBe(2);
      expect(refused.out).toContain("holds what this version's migrations do not make, so it was not made by npm run backup or was changed since:");
      for (const name of named) expect(refused.out).toContain(name);
      expect(refused.out).toContain('Restoring it would run what it holds. Nothing was changed.');
      expect(await relations(target.url)).toBe(0);
    }
    expect(existsSync(marker), 'the command in the backup ran').toBe(false);

    // The archive edited: the statement loading the events' rows made a command of the same length. The check does
    // not read the rows' statements; the restore's role may not run programs.
    const whole = await readFile(file);
    const copy = Buffer.from('COPY public.events (');
    const at = whole.indexOf(copy);
    expect(at).toBeGreaterThan(0);
    const end = whole.indexOf(Buffer.from(' FROM stdin;'), at) + ' FROM stdin;'.length;
    const command = `COPY (select 1) TO PROGRAM 'touch ${marker}'; --`;
    expect(command.length).toBeLessThanOrEqual(end - at);
    const edited = Buffer.concat([whole.subarray(0, at), Buffer.from(command.padEnd(end - at, '-')), whole.subarray(end)]);
    const editedFile = join(dir, 'edited.dump');
    await writeFile(editedFile, edited);
    const target = await emptyDatabase();
    const failed = await runScript('restore.ts', [editedFile], { DATABASE_URL: target.url });
    expect(failed.code, failed.out).not.toBe(0);
    expect(failed.out).toContain('must be superuser or have privileges of the pg_execute_server_program role to COPY to or from an external program');
    expect(failed.out).toContain('the database was left empty');
    expect(await relations(target.url)).toBe(0);
    expect(existsSync(marker), 'the command in the backup ran').toBe(false);

    // Edited to make an object as it loads the events: found once restored, and undone.
    const making = 'CREATE VIEW public.made_while_loading AS SELECT 1;COPY public.events FROM stdin;';
    expect(making.length).toBeLessThanOrEqual(end - at);
    const madeFile = join(dir, 'making.dump');
    await writeFile(madeFile, Buffer.concat([whole.subarray(0, at), Buffer.from(making.padEnd(end - at, ' ')), whole.subarray(end)]));
    const undone = await runScript('restore.ts', [madeFile], { DATABASE_URL: target.url });
    expect(undone.code, undone.out).toBe(2);
    expect(undone.out).toContain("The restore made what this version's migrations do not make, and was undone:\n  VIEW public made_while_loading (not made by");
    expect(await relations(target.url)).toBe(0);
  }, 300_000);

  it('says clearly that a file is missing, not a backup, or cut short, exits non-zero, and leaves the database empty', async () => {
    const target = await emptyDatabase();
    const missing = await runScript('restore.ts', [join(dir, 'no-such.dump')], { DATABASE_URL: target.url });
    expect(missing.code).toBe(2);
    expect(missing.out).toContain('no-such.dump: no such file');

    const notABackup = join(dir, 'orders.csv');
    await writeFile(notABackup, 'Name,Lineitem sku\n#1,ABC\n');
    const wrong = await runScript('restore.ts', [notABackup], { DATABASE_URL: target.url });
    expect(wrong.code).toBe(2);
    expect(wrong.out).toContain('is not a backup made by npm run backup');

    const whole = await readFile(file);
    const cut = join(dir, 'cut.dump');
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const short = await runScript('restore.ts', [cut], { DATABASE_URL: target.url });
    expect(short.code, short.out).not.toBe(0);
    expect(short.out).toMatch(/cannot be read as a backup|The restore failed/);
    expect(await relations(target.url)).toBe(0);

    expect((await runScript('restore.ts', [], { DATABASE_URL: target.url })).code).toBe(2);
    expect((await runScript('backup.ts', [], { DATABASE_URL: target.url })).code).toBe(2);
  }, 300_000);
});
