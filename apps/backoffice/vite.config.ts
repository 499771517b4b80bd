import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** In development the API runs on :3000 and Vite proxies every non-page path to it. */
const api = process.env.API_URL ?? 'http://localhost:3000';

/**
 * The stand-in for React's own useSyncExternalStore (for React before 18) that the router and react-i18next
 * import resolves to React 19's own, as in the storefront's build.
 */
function reactSyncExternalStore(): Plugin {
  const shim = fileURLToPath(
    new URL('../web/src/shared/navigation/use-sync-external-store.ts', import.meta.url),
  );
  return {
    name: 'backoffice-react-sync-external-store',
    enforce: 'pre',
    resolveId: (source) => (/^use-sync-external-store\/shim(\/index\.js)?$/.test(source) ? shim : null),
  };
}

/**
 * The back office (decision 48): an app of its own under /admin/, served by the API process beside the
 * storefront. It shares the domain, the contracts and the storefront's platform layer (src/shared), never a
 * byte of its bundles with the storefront's.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [
    reactSyncExternalStore(),
    react(),
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|html|svg|json)$/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5174,
    proxy: { '/1': api, '/api': api, '/config.json': api, '/media': api },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    modulePreload: { polyfill: false },
  },
});
