import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** In development the API runs on :3000 and Vite proxies every non-page path to it. */
const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/1': api, '/api': api, '/geocoder': api, '/config.json': api, '/media': api, '/content': api },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
