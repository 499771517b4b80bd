import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type BrandSeed, brandSeed } from './seed-schema.ts';

/** Which file of brands/<id>/seed/ holds which part of the seed. */
const SEED_FILES = {
  whiteLabel: 'white-label.json',
  tags: 'tags.json',
  cities: 'cities.json',
  restos: 'restos.json',
  menus: 'menus.json',
  modifiers: 'modifiers.json',
  timeSlots: 'time-slots.json',
  zones: 'zones.json',
  promotions: 'promotions.json',
  promoCodes: 'promo-codes.json',
} as const satisfies Record<keyof BrandSeed, string>;

export class BrandSeedError extends Error {}

/** Reads and validates a brand's seed; a wrong file stops with every problem listed, file by file. */
export async function loadBrandSeed(brandDir: string): Promise<BrandSeed> {
  const raw: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, file] of Object.entries(SEED_FILES)) {
    const path = join(brandDir, 'seed', file);
    try {
      raw[key] = JSON.parse(await readFile(path, 'utf8'));
    } catch (error) {
      problems.push(`${path}: ${(error as Error).message}`);
    }
  }
  if (problems.length === 0) {
    const parsed = brandSeed.safeParse(raw);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const [key, ...rest] = issue.path;
      problems.push(
        `${SEED_FILES[key as keyof BrandSeed] ?? key} at ${rest.join('.') || '(root)'}: ${issue.message}`,
      );
    }
  }
  throw new BrandSeedError(`The seed of ${brandDir} is invalid:\n- ${problems.join('\n- ')}`);
}
