import { defineConfig } from 'vitest/config';

// The project's test setup (its global setup above all) around one test that fails on purpose.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/exit-code/*.check.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
  },
});
