/**
 * Vite configuration of the public site and staff client.
 *
 * - `@ironclad/contracts` is aliased to its TypeScript sources so the browser bundle compiles the
 *   shared zod schemas directly (no need to build `packages/contracts` first). An alias is used
 *   instead of adding a global `source` resolve condition because some third-party packages
 *   (e.g. `@pandacss/is-valid-prop`, used by Chakra) publish a `source` condition that points at
 *   files they do not ship.
 * - The same config drives the client build (`vite build`) and the prerender SSR build
 *   (`vite build --ssr src/entry-server.tsx`); see README.md.
 * - In development `/api` and `/socket.io` are proxied to the API on port 3000.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contractsSource = fileURLToPath(new URL('../packages/contracts/src/index.ts', import.meta.url));
const apiTarget = process.env.VITE_API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: {
    alias: { '@ironclad/contracts': contractsSource },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
  ssr: {
    // Bundle the workspace contracts (TypeScript sources) into the SSR build.
    noExternal: ['@ironclad/contracts'],
  },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: true,
        // The prerender script reads the manifest to prove that staff pages stay out of the
        // marketing chunks, then deletes it.
        manifest: true,
      },
}));
