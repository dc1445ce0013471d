import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database } from '@wh/db';
import { skuOf } from '@wh/contracts';
import { nextIds, runCommand } from '../../platform/command.ts';
import { systemMetadata } from '../../platform/http.ts';
import { registerLocationEvents, registerStyleEvents } from '../../platform/registries.ts';
import { parseSheet } from '../../platform/uploads.ts';
import { decideCatalogueAdditions, readCatalogue, type CatalogueNeed } from './catalogue.ts';
import { decideAllocatedLocations } from './locations.ts';
import { FIXTURES_DIR } from '../../../../../test/fixtures.ts';

// Test set-up for receiving: the sample catalogue and a few locations, written as their features write them.

export const FIXTURES = FIXTURES_DIR;
export const fixture = (path: string) => readFileSync(FIXTURES + path);
export const manifest = JSON.parse(readFileSync(FIXTURES + 'manifest.json', 'utf8')) as Record<string, Record<string, unknown>>;

// The styles and SKUs of styles/shopify-products.csv (gift cards left out).
export function sampleCatalogue(): CatalogueNeed[] {
  const sheet = parseSheet({ filename: 'shopify-products.csv', extension: 'csv', buffer: fixture('styles/shopify-products.csv') });
  const titles = new Map<string, string>();
  const needs: CatalogueNeed[] = [];
  for (const { values } of sheet.rows) {
    const handle = values['handle'] ?? '';
    if (values['title']) titles.set(handle, values['title']);
    const sku = (values['variant sku'] ?? '').toUpperCase();
    if (!sku || /gift/i.test(handle)) continue;
    const size = values['option1 value'] ?? '';
    const color = values['option2 value'] ?? '';
    const styleCode = sku.split('-')[0]!;
    needs.push({ style_code: styleCode, style_name: titles.get(handle) ?? null, sku: skuOf(styleCode, size, color), size: size || 'Free Size', color });
  }
  return needs;
}

// Through the receiving commands' own steps: the additions decided on what the catalogue knows, registered as the
// commands register them.
export async function seedCatalogue(db: Kysely<Database>, needs: readonly CatalogueNeed[] = sampleCatalogue()): Promise<void> {
  const codes = needs.map((n) => n.style_code);
  await runCommand(
    db,
    {
      locks: true,
      read: (trx) => readCatalogue(trx, codes, needs.map((n) => n.sku), codes, needs),
      decide: (facts) => ({ appends: decideCatalogueAdditions(needs, facts, new Date().toISOString()), result: null }),
      appendWith: ({ appends }) => ({
        effects: async (trx) => {
          for (const a of appends) await registerStyleEvents(trx, a.events);
        },
      }),
    },
    systemMetadata('test catalogue'),
  );
}

export async function seedLocations(db: Kysely<Database>, codes: readonly string[]): Promise<void> {
  const wanted = codes.map((code) => ({ location: code, location_type: code.startsWith('J-') ? 'jean_rack' : 'bin' }));
  await runCommand(
    db,
    {
      locks: true,
      read: (trx) => nextIds(trx, 'location_registry_id_seq', wanted.length),
      decide: (ids) => ({ appends: decideAllocatedLocations(wanted, ids, new Date().toISOString()), result: null }),
      appendWith: ({ appends }) => ({ effects: (trx) => registerLocationEvents(trx, appends.flatMap((a) => a.events)) }),
    },
    systemMetadata('test locations'),
  );
}
