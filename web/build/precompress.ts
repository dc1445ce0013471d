import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
// Below this a compressed copy saves less than its headers cost.
const MIN_BYTES = 1024;

// Writes name.gz and name.br beside every compressible file of the build, once, at build time: the server sends them
// (@fastify/static preCompressed) to clients that accept them, without compressing on every request.
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'wh-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      await compressTree(outDir);
    },
  };
}

export async function compressTree(dir: string): Promise<number> {
  let written = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      written += await compressTree(path);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name) || (await stat(path)).size < MIN_BYTES) continue;
    const content = await readFile(path);
    await writeFile(`${path}.gz`, gzipSync(content, { level: 9 }));
    await writeFile(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    written += 2;
  }
  return written;
}
