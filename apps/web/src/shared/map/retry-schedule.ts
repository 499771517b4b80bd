/** docs/product.md §8 'Maps loader': up to 3 retries, waiting attempt × 2^attempt ms before each (2, 8, 24 ms). */
export const MAPS_LOADER_RETRIES = 3;

export function retryDelayMs(attempt: number): number {
  return attempt * 2 ** attempt;
}

/**
 * Runs `load` once and then up to `retries` more times after a failure, waiting retryDelayMs(n) before
 * retry n. The last failure is rethrown.
 */
export async function withRetries<T>(
  load: (attempt: number) => Promise<T>,
  retries = MAPS_LOADER_RETRIES,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load(attempt);
    } catch (error) {
      if (attempt >= retries) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt + 1)));
    }
  }
}
