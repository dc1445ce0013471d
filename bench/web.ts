// The JavaScript the login page loads: builds the web app, then follows what /login (index.html) loads — the entry
// script, its modulepreload links, the lazy login page chunk and, transitively, the static imports of those chunks (dynamic imports are not
// loaded until a route needs them) — and gzips each file as the server sends it (the build's precompressed .gz).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Bench } from './lib/types.ts';

const WEB = fileURLToPath(new URL('../web', import.meta.url));
const DIST = join(WEB, 'dist');
const TARGET_KB = 200;

// Static imports in a built chunk: `import{a}from"./x.js"`, `import"./x.js"`, `export{a}from"./x.js"`.
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{},\s]*?\bfrom\s*)?["']([^"']+\.js)["']/g;

export function loginScripts(dist: string): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const roots = [
    ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!),
    // The login route's page is lazy (web/src/app/guards.tsx): /login fetches its chunk at once.
    ...readdirSync(join(dist, 'assets'))
      .filter((f) => /^login-page-[\w-]+\.js$/.test(f))
      .map((f) => `assets/${f}`),
  ];
  const seen = new Set<string>();
  const queue = roots.map((r) => posix.normalize(r.replace(/^\//, '')));
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) {
      const spec = m[1]!;
      if (spec.startsWith('.')) queue.push(posix.normalize(posix.join(posix.dirname(file), spec)));
      else if (spec.startsWith('/')) queue.push(posix.normalize(spec.slice(1)));
    }
  }
  return [...seen];
}

export function gzippedKb(dist: string, files: readonly string[]): { file: string; kb: number }[] {
  return files.map((file) => {
    const path = join(dist, file);
    const bytes = existsSync(`${path}.gz`) ? readFileSync(`${path}.gz`).length : gzipSync(readFileSync(path), { level: 9 }).length;
    return { file, kb: bytes / 1024 };
  });
}

export const bench: Bench = async (ctx) => {
  ctx.log('building the web app');
  execFileSync('npm', ['run', 'build', '-w', '@wh/web'], { cwd: join(WEB, '..'), stdio: ['ignore', 'ignore', 'inherit'] });
  const sizes = gzippedKb(DIST, loginScripts(DIST));
  for (const s of sizes) ctx.log(`${s.file}: ${s.kb.toFixed(1)} KB gzipped`);
  const raw = loginScripts(DIST).reduce((n, f) => n + readFileSync(join(DIST, f)).length, 0) / 1024;
  const total = sizes.reduce((n, s) => n + s.kb, 0);
  // The build is deterministic: one measurement is the figure, whatever BENCH_RUNS says.
  return [
    { group: 'web', name: `login page JavaScript, gzipped (${sizes.length} files)`, median: total, unit: 'KB', runs: 1, target: `<= ${TARGET_KB} KB`, pass: total <= TARGET_KB },
    { group: 'web', name: 'login page JavaScript, uncompressed', median: raw, unit: 'KB', runs: 1, target: 'info', pass: true },
  ];
};

export default bench;

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await bench({ pgUrl: '', runs: 1, log: (m) => console.error(m) });
  for (const r of rows) console.log(`${r.name}: ${r.median.toFixed(1)} ${r.unit}`);
}
