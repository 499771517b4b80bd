import { describe, expect, it } from 'vitest';
import { TEXTS } from './texts.ts';

/** Keys of a nested texts object, plural suffixes folded (Russian has forms English lacks). */
function keys(texts: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) => {
    const name = `${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? keys(value as Record<string, unknown>, `${name}.`)
      : [name];
  });
}

describe('texts', () => {
  it.each(Object.entries(TEXTS))('namespace %s says everything in Russian and English', (_name, texts) => {
    expect([...new Set(keys(texts.en))].sort()).toEqual([...new Set(keys(texts.ru))].sort());
  });

  it('gives every Russian plural its one, few and many forms', () => {
    const ru = Object.values(TEXTS).flatMap((texts) => Object.keys(texts.ru));
    const singulars = ru.filter((key) => key.endsWith('_one'));
    expect(singulars.length).toBeGreaterThan(0);
    for (const one of singulars) {
      const base = one.slice(0, -'_one'.length);
      expect(ru).toContain(`${base}_few`);
      expect(ru).toContain(`${base}_many`);
    }
  });
});
