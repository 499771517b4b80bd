import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** In development the API runs on :3000 and Vite proxies every non-page path to it. */
const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies next to every text asset, made once at build time at the highest levels;
    // the API serves them to browsers that accept them (@fastify/static preCompressed). Source maps
    // are left alone: browsers fetch them only with the developer tools open.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|html|svg|json)$/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/1': api, '/api': api, '/geocoder': api, '/config.json': api, '/media': api, '/content': api },
  },
  // Customers get Preact's React-compatible runtime, 50 KB gzip lighter than react-dom (decision 30).
  // Vitest's component tests keep React 19: its runner cannot alias React inside the libraries it
  // loads natively; the e2e journeys run this build.
  resolve: {
    alias: process.env.VITEST ? [] : [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
