/**
 * Answers the page head started before the app's scripts arrived (issue 17, decision 30), waiting for
 * the first caller that asks for the same request. Each is handed out once: a body can be read once, and
 * a later ask (a refetch, a retry) must reach the server again. The store lives on `window` because the
 * head's script and the app are separate bundles.
 */
type Answers = Map<string, Promise<Response>>;

declare global {
  interface Window {
    __storefrontPrefetch?: Answers;
  }
}

function answers(): Answers {
  window.__storefrontPrefetch ??= new Map();
  return window.__storefrontPrefetch;
}

/** The key of a request: its path on the API (or the page's origin) and the language it is asked in. */
export function prefetchKey(path: string, locale: string): string {
  return `${locale} ${path}`;
}

export function rememberPrefetch(key: string, answer: Promise<Response>): void {
  // An unclaimed failure must not surface as an unhandled rejection; the claimer sees it.
  answer.catch(() => undefined);
  answers().set(key, answer);
}

/** The head's answer for this request, if it started one nobody has claimed; removed as it is handed out. */
export function takePrefetched(key: string): Promise<Response> | undefined {
  if (typeof window === 'undefined' || !window.__storefrontPrefetch) return undefined;
  const answer = window.__storefrontPrefetch.get(key);
  window.__storefrontPrefetch.delete(key);
  return answer;
}

/** A claimed answer, or a fresh request when there was none or it failed on the network. */
export async function prefetchedOrFetch(key: string, request: () => Promise<Response>): Promise<Response> {
  const prefetched = takePrefetched(key);
  if (!prefetched) return request();
  try {
    return await prefetched;
  } catch {
    return request();
  }
}
