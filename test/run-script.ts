import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

// Runs node with `args` from the clone's root, in an environment changed by `env` (a key set to undefined is
// removed); answers its exit code and everything it printed.
export function runNode(args: string[], env: Record<string, string | undefined> = {}): Promise<{ code: number | null; out: string }> {
  const environment: NodeJS.ProcessEnv = { ...process.env };
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete environment[key];
    else environment[key] = value;
  }
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env: environment });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

// Runs one of scripts/ as npm runs it (node with the project's loader).
export function runScript(script: string, args: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; out: string }> {
  return runNode(['--import', join(root, 'scripts', 'ts-loader.mjs'), join(root, 'scripts', script), ...args], env);
}
