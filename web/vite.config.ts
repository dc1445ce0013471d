import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { serviceWorker } from './build/service-worker.ts';

const API_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), serviceWorker(), precompress()],
  // @wh/contracts is a linked workspace package that exports TypeScript sources: Vite must compile it
  // with the app, never pre-bundle it as a dependency.
  optimizeDeps: { exclude: ['@wh/contracts'] },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps: they would hand the app's sources to anyone who asks (the server refuses a .map as well).
    sourcemap: false,
  },
});
