import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The server's copy of the app (decision 44): one module the API imports to draw a returning customer's first
 * screen. Everything is bundled into it (no node_modules lookups at run time), CSS modules give the same class
 * names as the browser's build, and styles themselves stay with the browser's build.
 */
export default defineConfig({
  plugins: [react()],
  build: {
    ssr: 'src/app/server-render/render-first-screen.tsx',
    outDir: 'dist-server',
    emptyOutDir: true,
    minify: false,
    sourcemap: false,
  },
  ssr: { noExternal: true, target: 'node' },
});
