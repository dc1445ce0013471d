// Module hooks that run the TypeScript sources (see ts-loader.mjs): each .ts file is transformed by esbuild on its own
// as it is loaded. Types are only stripped: `npm run typecheck` is what checks them.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  const path = fileURLToPath(url);
  const { code } = await transform(await readFile(path, 'utf8'), {
    loader: 'ts',
    format: 'esm',
    target: 'node20',
    sourcefile: path,
    // The map is there for `node --enable-source-maps` when debugging; it is not on by default, as tsx turns it on,
    // because then every stack trace is mapped.
    sourcemap: 'inline',
  });
  return { format: 'module', source: code, shortCircuit: true };
}
