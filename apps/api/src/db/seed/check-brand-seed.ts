// Validates a brand's seed files and its cross-references without touching a database:
//   npx tsx apps/api/src/db/seed/check-brand-seed.ts brands/demo
import { loadBrandSeed } from './load-brand-seed.ts';
import { seedProblems } from './seed-invariants.ts';

const dir = process.argv[2] ?? 'brands/demo';
const seed = await loadBrandSeed(dir);
const problems = seedProblems(seed, dir);
if (problems.length > 0) {
  console.error(`${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.error(
  `ok: ${seed.cities.length} cities, ${seed.restos.length} restos, ${seed.menus.reduce((n, m) => n + m.positions.length, 0)} positions, ${seed.zones.length} zones, ${seed.promoCodes.length} promo codes`,
);
