import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** In development the API runs on :3000 and Vite proxies every non-page path to it. */
const api = process.env.API_URL ?? 'http://localhost:3000';

const HEAD_PREFETCH = 'src/app/head-prefetch/head-prefetch.ts';
/** The modules the head's script shares with the app (checked at build: see headPrefetch()). */
const HEAD_PREFETCH_SHARED =
  /[\\/](shared[\\/](storage[\\/](keys|local-storage|stored-value-guards)|prefetch[\\/]prefetched-answers|config-path|clock-path)|domain[\\/]src[\\/](methods[\\/](methods|menus-for)|i18n[\\/]locale|boot[\\/](boot-paths|first-screen-cookie)))\.ts$/;

/** Small modules of the location popup's lazy graph that other lazy screens share too (see the group below). */
const POPUP_SHARED =
  /[\\/](shared[\\/]ui[\\/](dialog|confirmation-popup|progress-overlay)(\.module\.css|\.tsx)|features[\\/]location[\\/]components[\\/]delivery-terms-popup(\.module\.css|\.tsx)|domain[\\/]src[\\/](geo[\\/]geo|delivery-terms[\\/]delivery-terms)\.ts)$/;

/** The location popup's chunk: a first visit opens it at once (features/location/components/location-popup.tsx). */
const FIRST_VISIT_POPUP = 'location-popup-content';

/**
 * The files of the location popup's chunk that the first screen's bundle does not already bring: the chunk,
 * what it imports statically (but the entry and the head's shared chunk) and their styles. The page head
 * asks for them on a first visit, beside the bundle (decision 34). The build fails when the chunk is gone.
 */
function firstVisitChunks(bundle: OutputBundle): string[] {
  const chunks = new Map<string, OutputChunk>();
  for (const output of Object.values(bundle))
    if (output.type === 'chunk') chunks.set(output.fileName, output);
  const popup = [...chunks.values()].find((chunk) => chunk.name === FIRST_VISIT_POPUP);
  if (!popup) throw new Error(`the ${FIRST_VISIT_POPUP} chunk is missing from the bundle`);
  const files: string[] = [];
  const visit = (chunk: OutputChunk) => {
    if (chunk.isEntry || chunk.name === 'head-shared' || files.includes(`/${chunk.fileName}`)) return;
    files.push(`/${chunk.fileName}`);
    for (const css of chunk.viteMetadata?.importedCss ?? [])
      if (!files.includes(`/${css}`)) files.push(`/${css}`);
    for (const imported of chunk.imports) {
      const next = chunks.get(imported);
      if (next) visit(next);
    }
  };
  visit(popup);
  return files;
}

/**
 * The page head's own small script (decision 30): its own entry, so it arrives and runs while the app's
 * bundle is still downloading, and asks for the config and a returning customer's boot requests.
 */
function headPrefetch(): Plugin {
  return {
    name: 'storefront-head-prefetch',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = context.bundle
          ? Object.values(context.bundle).find(
              (output) => output.type === 'chunk' && output.isEntry && output.name === 'head-prefetch',
            )
          : undefined;
        if (context.bundle && chunk?.type !== 'chunk')
          throw new Error('the head-prefetch entry is missing from the bundle');
        // Waiting for the app's bundle would defeat the head's script: add what it newly imports to
        // HEAD_PREFETCH_SHARED.
        const waitsFor =
          chunk?.type === 'chunk' ? chunk.imports.filter((file) => !/head-shared-/.test(file)) : [];
        if (waitsFor.length > 0) throw new Error(`the head-prefetch entry imports ${waitsFor.join(', ')}`);
        const built = chunk?.fileName ?? HEAD_PREFETCH;
        const firstVisit = context.bundle ? firstVisitChunks(context.bundle) : [];
        return [
          {
            tag: 'script',
            // data-head-prefetch: the app waits for this script when its own bundle ran first (pageHeadRan).
            attrs: {
              type: 'module',
              async: true,
              crossorigin: Boolean(context.bundle),
              src: `/${built}`,
              'data-head-prefetch': true,
              // What a first visit's head asks for beside the bundle (first-visit-preload.ts).
              ...(firstVisit.length > 0 ? { 'data-first-visit-chunks': firstVisit.join(' ') } : {}),
            },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

/**
 * The first screen's styles go into the page itself (decision 30): on a slow network two render-blocking
 * stylesheet requests delayed the first paint of the server's readable page. They are a few KB gzip;
 * the files stay for the lazy screens that link them.
 */
function inlineEntryStyles(): Plugin {
  return {
    name: 'storefront-inline-entry-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const asset = context.bundle?.[file];
            if (asset?.type !== 'asset') return tag;
            return `<style>${String(asset.source).replaceAll('</style', '<\\/style')}</style>`;
          },
        );
      },
    },
  };
}

/**
 * The chunks every first screen runs from top to bottom: the app's entry, and the location popup a first
 * visit opens at once. Chromium compiles a script whose first line is this comment on its download
 * thread, all functions at once, instead of on the page's main thread one function at a time as each is
 * first called (V8's explicit compile hints). The first render's tasks were a third compilation
 * (decision 32).
 */
const COMPILED_WHILE_DOWNLOADING = new Set(['index', 'location-popup-content']);
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts the compile hint on the first line of those chunks. It has to come last: the minifier drops comments,
 * and by then the chunk's source map and its compressed copies are already files of the bundle, so those are
 * made again here.
 */
function compileHints(): Plugin {
  return {
    name: 'storefront-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const hinted = new Set<string>();
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !COMPILED_WHILE_DOWNLOADING.has(output.name)) continue;
          hinted.add(output.name);
          output.code = `${COMPILE_HINT}\n${output.code}`;
          const map = bundle[`${output.fileName}.map`];
          if (map?.type === 'asset') {
            const json = JSON.parse(String(map.source)) as { mappings: string };
            // One more line at the top: every mapping moves down one.
            json.mappings = `;${json.mappings}`;
            map.source = JSON.stringify(json);
          }
          const brotli = bundle[`${output.fileName}.br`];
          if (brotli?.type === 'asset')
            brotli.source = brotliCompressSync(output.code, {
              params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
            });
          const gzip = bundle[`${output.fileName}.gz`];
          if (gzip?.type === 'asset')
            gzip.source = gzipSync(output.code, { level: zlibConstants.Z_BEST_COMPRESSION });
        }
      },
    },
  };
}

/**
 * The stand-in for React's own useSyncExternalStore (for React before 18) that the router and react-i18next
 * import resolves to React 19's own:
 * the first screen does not carry the shim. A plugin, not an alias: the import sits inside a dependency.
 */
function reactSyncExternalStore(): Plugin {
  const shim = fileURLToPath(new URL('src/shared/navigation/use-sync-external-store.ts', import.meta.url));
  return {
    name: 'storefront-react-sync-external-store',
    enforce: 'pre',
    resolveId: (source) => (/^use-sync-external-store\/shim(\/index\.js)?$/.test(source) ? shim : null),
  };
}

export default defineConfig({
  plugins: [
    reactSyncExternalStore(),
    react(),
    headPrefetch(),
    inlineEntryStyles(),
    compileHints(),
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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser the storefront supports preloads modules itself; the polyfill was 0.4 KB of the first screen.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        'head-prefetch': fileURLToPath(new URL(HEAD_PREFETCH, import.meta.url)),
      },
      output: {
        // The first screen in few files (decision 30): over HTTP/1.1 a browser opens 6 connections to a host,
        // and on a slow network each of the twenty-odd small chunks cost a round trip. What the page
        // head's script shares with the app is its own small chunk, so the head never waits for the app.
        codeSplitting: {
          groups: [
            { name: 'head-shared', test: HEAD_PREFETCH_SHARED, priority: 2 },
            // The small pieces the location popup shares with later screens (dialogs, the progress overlay,
            // the geometry): one chunk instead of eight files, each of which a first visit's early download of
            // the popup asked for with a link of its own (decision 33).
            { name: 'popup-shared', test: POPUP_SHARED, priority: 0 },
            {
              name: 'first-screen',
              tags: ['$initial'],
              test: (id: string) => !id.includes('/head-prefetch/'),
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
