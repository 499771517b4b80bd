/**
 * Answers the page head started before the app's scripts arrived (decision 30), waiting for
 * the first caller that asks for the same path. Each is handed out once: a body can be read once, and a
 * later ask (a refetch, a retry) must reach the server again. The store lives on `window` because the
 * head's script and the app are separate bundles.
 */
export interface PrefetchedAnswer {
  /** The language the head asked in; the app claims the answer only in the same one. */
  locale: string;
  response: Response;
  /** Date.now() as the head sent the request and as its answer arrived (the clock sync needs them). */
  sentAt?: number;
  receivedAt?: number;
  /** The body already parsed and its status, when the head had them (the boot call's answers). */
  body?: unknown;
  status?: number;
}

interface Store {
  answers: Map<string, Promise<PrefetchedAnswer>>;
  /** Paths under a prefix the head will know only later (the menus, after the location): settled when known. */
  plans: Map<string, Promise<unknown>>;
  /** The answers came with a first screen the server drew from them (decision 44): the app hydrates it. */
  drawnBoot?: boolean;
}

declare global {
  interface Window {
    __storefrontPrefetch?: Store;
  }
}

function store(): Store {
  window.__storefrontPrefetch ??= { answers: new Map(), plans: new Map() };
  return window.__storefrontPrefetch;
}

const quietly = (promise: Promise<unknown>) => {
  // An unclaimed failure must not surface as an unhandled rejection; a claimer sees it.
  promise.catch(() => undefined);
};

export function rememberPrefetch(path: string, answer: Promise<PrefetchedAnswer>): void {
  quietly(answer);
  store().answers.set(path, answer);
}

/** The head hands out the answers a first screen the server drew came with (decision 44). */
export function rememberDrawnBoot(): void {
  store().drawnBoot = true;
}

/** Whether the page's first screen was drawn by the server from the answers the app was given. */
export function drawnBootGiven(): boolean {
  return typeof window !== 'undefined' && window.__storefrontPrefetch?.drawnBoot === true;
}

/** The head will start requests under `prefix` once `known` settles; a claimer of such a path waits for it. */
export function rememberPlan(prefix: string, known: Promise<unknown>): void {
  quietly(known);
  store().plans.set(prefix, known);
}

function take(path: string): Promise<PrefetchedAnswer> | undefined {
  const answers = window.__storefrontPrefetch?.answers;
  const answer = answers?.get(path);
  answers?.delete(path);
  return answer;
}

/** The head's answer for this path in this language, if it started one nobody has claimed. */
export async function claimPrefetched(path: string, locale: string): Promise<Response | undefined> {
  const prefetched = await claimPrefetchedAnswer(path);
  return prefetched?.locale === locale ? prefetched.response : undefined;
}

/** The head's answer with how it was asked (language, times), whatever the language; claimed once. */
export async function claimPrefetchedAnswer(path: string): Promise<PrefetchedAnswer | undefined> {
  if (typeof window === 'undefined' || !window.__storefrontPrefetch) return undefined;
  let answer = take(path);
  if (!answer) {
    const plan = [...window.__storefrontPrefetch.plans].find(([prefix]) => path.startsWith(prefix))?.[1];
    if (!plan) return undefined;
    await plan.catch(() => undefined);
    answer = take(path);
  }
  try {
    return await answer;
  } catch {
    return undefined; // lost on the network, or a request the head decided not to make
  }
}

/** A claimed answer, or a fresh request when there was none, it failed, or it was in another language. */
export async function prefetchedOrFetch(
  path: string,
  locale: string,
  request: () => Promise<Response>,
): Promise<Response> {
  return (await claimPrefetched(path, locale)) ?? request();
}

/** The attribute that marks the page head's script (vite.config.ts puts it there). */
export const HEAD_SCRIPT_ATTRIBUTE = 'data-head-prefetch';

/**
 * Resolves once the page head's script has run (it promises its answers synchronously as it starts), or
 * failed to load, or at once when the page has no such script. A module script with `async` usually runs
 * before the app's deferred bundle, but not always: the app must not ask for what the head will ask.
 */
export function pageHeadRan(limitMs = 3000): Promise<void> {
  if (typeof document === 'undefined' || window.__storefrontPrefetch) return Promise.resolve();
  const script = document.querySelector(`script[${HEAD_SCRIPT_ATTRIBUTE}]`);
  if (!script) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => resolve();
    script.addEventListener('load', done, { once: true });
    script.addEventListener('error', done, { once: true });
    setTimeout(done, limitMs);
  });
}
