import { describe, expect, it } from 'vitest';
import { CHECKOUT_TEXTS } from '../features/checkout/checkout-namespace.ts';
import { ORDERS_TEXTS } from '../features/orders/orders-namespace.ts';
import { TEXTS_RU } from './texts.ts';
import { TEXTS_EN } from './texts-en.ts';

/** Namespaces that travel with their lazy parts (useLazyNamespace) instead of the first visit. */
const LAZY: Record<string, { ru: Record<string, unknown>; en: Record<string, unknown> }> = {
  checkout: CHECKOUT_TEXTS,
  orders: ORDERS_TEXTS,
};

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
  it.each(Object.keys(TEXTS_RU))('namespace %s says everything in Russian and English', (name) => {
    expect(TEXTS_EN[name]).toBeDefined();
    expect([...new Set(keys(TEXTS_EN[name] ?? {}))].sort()).toEqual(
      [...new Set(keys(TEXTS_RU[name] ?? {}))].sort(),
    );
  });

  it.each(Object.keys(LAZY))('lazy namespace %s says everything in Russian and English', (name) => {
    const texts = LAZY[name];
    expect([...new Set(keys(texts?.en ?? {}))].sort()).toEqual([...new Set(keys(texts?.ru ?? {}))].sort());
  });

  it('has no English namespace without a Russian one', () => {
    expect(Object.keys(TEXTS_EN).sort()).toEqual(Object.keys(TEXTS_RU).sort());
  });

  it('gives every Russian plural its one, few and many forms', () => {
    const ru = [...Object.values(TEXTS_RU), ...Object.values(LAZY).map((texts) => texts.ru)].flatMap(
      (texts) => Object.keys(texts),
    );
    const singulars = ru.filter((key) => key.endsWith('_one'));
    expect(singulars.length).toBeGreaterThan(0);
    for (const one of singulars) {
      const base = one.slice(0, -'_one'.length);
      expect(ru).toContain(`${base}_few`);
      expect(ru).toContain(`${base}_many`);
    }
  });
});
