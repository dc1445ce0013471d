import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        // No database and no server: component tests render a screen against a fake of the API's answers.
        test: {
          name: 'unit',
          include: ['web/src/**/*.test.tsx'],
          environment: 'jsdom',
          // A screen's first render loads react-aria whole: seconds on a busy 2-core machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['contracts/src/**/*.test.ts', 'db/src/**/*.test.ts', 'services/*/src/**/*.test.ts', 'scripts/**/*.test.ts', 'web/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          pool: 'forks',
        },
      },
    ],
  },
});
