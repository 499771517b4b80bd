// npm run build -w @storefront/api: compiles the server into apps/api/dist/server.js (decision 26).
// Our code and @storefront/domain (TypeScript source) are bundled; every other package stays in
// node_modules, imported as it is. The SQL migrations are copied beside the bundle, where db/client.ts
// looks for them (./migrations next to the module), and a migrated empty PGlite cluster is dumped there for
// fresh data dirs. The build stamp is written last: start checks it.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { build } from 'esbuild';
import { writeBuildStamp } from '../../scripts/build-state.mjs';

const here = import.meta.dirname;
const dist = join(here, 'dist');
const started = Date.now();
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

/** Bare imports stay external (node_modules, node: built-ins), except our own TypeScript workspace package. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === '@storefront/domain' || args.path.startsWith('@storefront/domain/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: [join(here, 'src/server.ts')],
  outfile: join(dist, 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  // Class and function names stay readable in logs and stack traces.
  keepNames: true,
  plugins: [externalPackages],
  logLevel: 'warning',
  legalComments: 'none',
});
cpSync(join(here, 'src/db/migrations'), join(dist, 'migrations'), { recursive: true });

// A new PGlite data dir starts from this tarball instead of creating a cluster (initdb in WebAssembly takes
// seconds): an empty database, created and migrated once here, with the PGlite of this install.
// db/client.ts uses it when it finds it beside the module (so only the compiled server), for an empty DATA_DIR.
const template = new PGlite();
await template.waitReady;
await migrate(drizzle(template), { migrationsFolder: join(here, 'src/db/migrations') });
const dump = await template.dumpDataDir('gzip');
await template.close();
writeFileSync(join(dist, 'pglite-template.tar.gz'), Buffer.from(await dump.arrayBuffer()));
writeBuildStamp('api', started);
console.error(`server compiled to apps/api/dist/server.js in ${Date.now() - started} ms`);
