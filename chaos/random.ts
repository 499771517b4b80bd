/** A seeded random (mulberry32): a run's choices follow from CHAOS_SEED, so a finding can be run again. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;

export const between = (random: () => number, low: number, high: number) => low + random() * (high - low);

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
