import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The module layout of decision 35, checked on the whole graph. Biome's noImportCycles sees cycles of files
 * (and ignores `import type`); two modules can still depend on each other through their index.ts files
 * without any file importing itself back. Here a module is a folder of modules/, an edge is any import
 * (types included) from a production file of one module into another, and the graph must have no cycle.
 */

const modulesDir = fileURLToPath(new URL('./', import.meta.url));
const srcDir = resolve(modulesDir, '..');

const productionFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return productionFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*'(\.[^']+)'/g)].map((m) =>
    resolve(dirname(file), m[1] as string),
  );

/** The module a file belongs to, or null for modules/index.ts and files outside modules/. */
const moduleOf = (file: string): string | null => {
  const parts = relative(modulesDir, file).split(sep);
  return parts.length > 1 && parts[0] !== '..' ? (parts[0] as string) : null;
};

function moduleGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of productionFiles(modulesDir)) {
    const from = moduleOf(file);
    if (!from) continue;
    for (const target of importsOf(file)) {
      const to = moduleOf(target);
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      edges.set(to, [...(edges.get(to) ?? []), relative(srcDir, file)]);
      graph.set(from, edges);
    }
  }
  return graph;
}

function findCycle(graph: Map<string, Map<string, string[]>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('the modules’ dependency graph', () => {
  it('has no cycle: no module depends on itself through others', () => {
    const graph = moduleGraph();
    const cycle = findCycle(graph);
    const witness = cycle
      ?.slice(1)
      .map((to, i) => `${cycle[i]} → ${to}: ${graph.get(cycle[i] as string)?.get(to)}`);
    expect(witness ?? []).toEqual([]);
  });

  it('core, plugins and integrations import no module', () => {
    const offenders = ['core', 'plugins', 'integrations'].flatMap((layer) =>
      productionFiles(join(srcDir, layer))
        .filter((file) => importsOf(file).some((target) => moduleOf(target) !== null))
        .map((file) => relative(srcDir, file)),
    );
    expect(offenders).toEqual([]);
  });
});
