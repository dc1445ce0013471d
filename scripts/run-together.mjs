// Runs npm scripts side by side (lint and typecheck are single-threaded, and a test tier waits on PostgreSQL, a
// browser or a timer much of the time) and prints each one's output whole when it ends, so interleaved lines never
// hide an error. Exits non-zero if any of them failed.
// Usage: node scripts/run-together.mjs lint typecheck "build -w @wh/web"
import { spawn } from 'node:child_process';

const runs = process.argv.slice(2).map(
  (script) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', '--silent', ...script.split(' ')], { stdio: ['ignore', 'pipe', 'pipe'] });
      const out = [];
      child.stdout.on('data', (chunk) => out.push(chunk));
      child.stderr.on('data', (chunk) => out.push(chunk));
      child.on('close', (code) => {
        process.stdout.write(`\n> npm run ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`}\n`);
        process.stdout.write(Buffer.concat(out));
        resolve(code === 0);
      });
    }),
);
const passed = await Promise.all(runs);
process.exit(passed.every(Boolean) ? 0 : 1);
