import { configDefaults, defineConfig } from 'vitest/config';

// Three tiers (README "Test it"). unit: no database at all, so it has no global setup and no pgUrl, and a test in it
// that asks for a database fails (createTestDatabase refuses, and libpq finds no server at PGHOST). server: HTTP,
// projector, migration and script tests, each file on a copy of the run's migrated template. e2e: browser journeys.
const UNIT = [
  'contracts/src/**/*.test.ts',
  'web/src/**/*.test.ts',
  // Deciders and the pure plans around them.
  'services/*/src/**/decide*.test.ts',
  'services/command/src/features/orders/import-file.test.ts',
  'services/command/src/features/orders/import-store.test.ts',
  'services/command/src/features/receiving/bin-allocation.test.ts',
  'services/command/src/features/receiving/catalogue.test.ts',
  'services/command/src/features/inventory/suggest.test.ts',
  'services/command/src/platform/app-context.test.ts',
  'services/command/src/platform/exports.test.ts',
  'services/command/src/features/reports/bucket-spans.test.ts',
  'services/projector/src/projections/returns/fold.test.ts',
  'services/projector/src/projections/event-time.test.ts',
];

// Workers per tier, on this 2-core machine: see README "Test it" and docs/performance.md, "Test suite".
const SERVER_WORKERS = 2;
const E2E_WORKERS = 1;

// What libpq and the app would find a server through: nothing, in the unit tiers.
const NO_DATABASE = { PGHOST: '/nonexistent-unit-tier-has-no-database', DATABASE_URL: '', TEST_DATABASE_URL: '' };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: UNIT,
          environment: 'node',
          env: NO_DATABASE,
          // Bounds for a hang, as in every tier: beside a CPU hog (load 15-20) a test takes ten times its quiet time.
          testTimeout: 60_000,
          pool: 'threads',
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          // Component tests (Testing Library): each file on a DOM and a module graph of its own, since the app's
          // stores are module singletons.
          name: 'unit-dom',
          include: ['web/src/**/*.test.tsx'],
          environment: 'jsdom',
          env: NO_DATABASE,
          // A screen's first render loads react-aria whole, and typing goes a key at a time: a minute and more beside a
          // CPU hog.
          testTimeout: 180_000,
          pool: 'threads',
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'server',
          include: ['db/src/**/*.test.ts', 'services/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...UNIT],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          // Bounds for a test that hangs, not for one that is slow: a busy machine takes several times as long.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          pool: 'forks',
          // The files of a worker share one module graph: importing the service is most of a small file's time. Each
          // file still has a database and an app of its own, and what a test registers (event types) it removes.
          isolate: false,
          maxWorkers: SERVER_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          pool: 'forks',
          maxWorkers: E2E_WORKERS,
          // After the server tier when both run in one vitest; `npm test` runs them side by side, each in a vitest of
          // its own (scripts/run-together.mjs), so that a browser journey and a server file share the two cores.
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
