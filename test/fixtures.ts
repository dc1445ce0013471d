import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The shared sample files (copied from the project's shared fixtures, with their manifest) live in the repository,
// so a clean clone anywhere runs the import tests.
export const FIXTURES_DIR = fileURLToPath(new URL('./fixtures/', import.meta.url));

export function fixturePath(path: string): string {
  return FIXTURES_DIR + path;
}

export function fixture(path: string): Buffer {
  return readFileSync(fixturePath(path));
}
