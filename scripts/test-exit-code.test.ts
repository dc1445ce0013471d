import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// `npm test` and CI trust vitest's exit code: a run with a failing test must exit non-zero under the project's own
// test setup (test/global-setup.ts once made every failed run exit 0).
it('a test run with a failing test exits non-zero', () => {
  const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'test/exit-code/vitest.config.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', FORCE_COLOR: '0' },
    timeout: 120_000,
  });
  expect(run.stdout + run.stderr).toContain('fails on purpose');
  expect(run.status).toBe(1);
}, 300_000);
