import { describe, expect, it } from 'vitest';
import type { NamespaceTexts } from '../shared/i18n/i18n.ts';
import { LAZY_TEXTS, TEXTS_RU } from './texts.ts';
import { TEXTS_EN } from './texts-en.ts';

type TextModule = Record<string, NamespaceTexts>;

/** Every text module of the storefront, found by name: a set missing from the registry cannot hide. */
const found = (modules: Record<string, TextModule>) =>
  new Map(Object.entries(modules).map(([path, module]) => [path.replace(/^(\.\.\/)+|^\.\//, ''), module]));
const RU_MODULES = found(import.meta.glob<TextModule>('../**/*-texts.ts', { eager: true }));
const EN_MODULES = found(import.meta.glob<TextModule>('../**/*-texts.en.ts', { eager: true }));
// Paths as written from src/: the glob names this folder's own files '../app/…' or './…'.
for (const modules of [RU_MODULES, EN_MODULES]) {
  for (const [path, module] of [...modules]) {
    if (!path.includes('/') || !/^(app|entities|features|shared)\//.test(path)) {
      modules.delete(path);
      modules.set(`app/${path}`, module);
    }
  }
}

const englishTwin = (path: string) => path.replace(/\.ts$/, '.en.ts');
/** The one set a text module declares. */
function setOf(path: string, module: TextModule | undefined): NamespaceTexts {
  const sets = Object.values(module ?? {});
  if (sets.length !== 1) throw new Error(`${path} should declare exactly one text set, found ${sets.length}`);
  return sets[0] as NamespaceTexts;
}

const eagerNamespace = (registry: Record<string, NamespaceTexts>, set: NamespaceTexts) =>
  Object.entries(registry).find(([, registered]) => registered === set)?.[0];
const lazyNamespace = (path: string) => Object.entries(LAZY_TEXTS).find(([, lazy]) => lazy === path)?.[0];

interface TextSet {
  namespace: string;
  lazy: boolean;
  ru: NamespaceTexts;
  en: NamespaceTexts;
}
const SETS: TextSet[] = [
  ...Object.keys(TEXTS_RU).map((namespace) => ({
    namespace,
    lazy: false,
    ru: TEXTS_RU[namespace] ?? {},
    en: TEXTS_EN[namespace] ?? {},
  })),
  ...Object.entries(LAZY_TEXTS).map(([namespace, path]) => ({
    namespace,
    lazy: true,
    ru: setOf(path, RU_MODULES.get(path)),
    en: setOf(englishTwin(path), EN_MODULES.get(englishTwin(path))),
  })),
];

/** Keys of a nested texts object, plural suffixes folded (Russian has forms English lacks). */
function keys(texts: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) => {
    const name = `${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? keys(value as Record<string, unknown>, `${name}.`)
      : [name];
  });
}

describe('the registry of text sets', () => {
  it('finds the text modules it walks', () => {
    expect(RU_MODULES.size).toBeGreaterThan(15);
    expect(RU_MODULES.has('shared/i18n/common-texts.ts')).toBe(true);
    expect(RU_MODULES.has('app/header/header-texts.ts')).toBe(true);
  });

  it.each([...RU_MODULES.keys()])('registers %s, shipped with the app or lazily', (path) => {
    const set = setOf(path, RU_MODULES.get(path));
    const eager = eagerNamespace(TEXTS_RU, set);
    const lazy = lazyNamespace(path);
    expect(eager ?? lazy, `${path} is in neither TEXTS_RU nor LAZY_TEXTS (app/texts.ts)`).toBeDefined();
    expect(eager && lazy, `${path} is both shipped with the app and lazy`).toBeFalsy();
    expect(EN_MODULES.has(englishTwin(path)), `${path} has no English twin`).toBe(true);
    if (eager)
      expect(eagerNamespace(TEXTS_EN, setOf(englishTwin(path), EN_MODULES.get(englishTwin(path))))).toBe(
        eager,
      );
  });

  it.each([...EN_MODULES.keys()])('has a Russian set for %s', (path) => {
    expect(RU_MODULES.has(path.replace(/\.en\.ts$/, '.ts'))).toBe(true);
  });

  it('has no English namespace without a Russian one', () => {
    expect(Object.keys(TEXTS_EN).sort()).toEqual(Object.keys(TEXTS_RU).sort());
  });
});

describe('texts', () => {
  it.each(SETS)('namespace $namespace (lazy: $lazy) says everything in Russian and English', ({ ru, en }) => {
    expect([...new Set(keys(en))].sort()).toEqual([...new Set(keys(ru))].sort());
  });

  it('gives every Russian plural its one, few and many forms', () => {
    const ru = SETS.flatMap((set) => Object.keys(set.ru));
    const singulars = ru.filter((key) => key.endsWith('_one'));
    expect(singulars.length).toBeGreaterThan(0);
    for (const one of singulars) {
      const base = one.slice(0, -'_one'.length);
      expect(ru).toContain(`${base}_few`);
      expect(ru).toContain(`${base}_many`);
    }
  });
});
