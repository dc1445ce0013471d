// `node --import ./scripts/ts-loader.mjs file.ts`: how the service runs its TypeScript in production (npm start, the
// command and projector services). tsx, used for the scripts and tools, compiles with esbuild's keepNames, which wraps
// every function a hot path creates in a call that renames it, and turns on source maps for every stack trace; together
// they cost the command service CPU on every request (docs/performance.md, "Commands").
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
