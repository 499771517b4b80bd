import { BOOT_MENU_PATHS, firstBootPaths } from '@storefront/domain';
import type { BootResponse, PublicConfig } from '@storefront/domain/contracts';
import { CONFIG_PATH } from '../../shared/config-path.ts';
import {
  type PrefetchedAnswer,
  rememberDrawnBoot,
  rememberPlan,
  rememberPrefetch,
} from '../../shared/prefetch/prefetched-answers.ts';
import {
  bootCallPath,
  bootOptions,
  claimableAnswers,
  embeddedBoot,
  firstSlidePicture,
  savedChoice,
} from './boot-requests.ts';
import { preloadFirstVisitChunks } from './first-visit-preload.ts';
import { startFirstVisitRequests } from './first-visit-requests.ts';

/**
 * Runs from the page head, a few hundred bytes beside the app's bundle (decision 30): it asks
 * for the brand config and the boot requests of docs/product.md §4 (a returning customer's whole boot, a first
 * visit's clock and cities) while the app's
 * scripts are still downloading. The app claims the answers when it asks (prefetched-answers.ts) and
 * applies them in the same order as ever; one it never asks for is dropped with the page.
 *
 * Every answer is promised before anything awaits, so the app cannot ask first and go to the server twice.
 */
function startBootRequests(): void {
  const configResponse = fetch(CONFIG_PATH, { headers: { accept: 'application/json' } });
  rememberPrefetch(
    CONFIG_PATH,
    configResponse.then((response) => ({ locale: '', response })),
  );
  const choice = savedChoice();
  if (!choice) {
    startFirstVisitRequests(configResponse);
    return;
  }

  const config = configResponse.then(async (response) => {
    if (!response.ok) throw new Error(`${CONFIG_PATH}: ${response.status}`);
    return (await response.clone().json()) as PublicConfig;
  });
  const options = config.then((brand) => {
    const found = bootOptions(choice, brand);
    if (!found) throw new Error('another brand: the app clears the storage and asks anew');
    return found;
  });
  // The whole boot in one call (decision 33); each of its answers is promised under its own path at once.
  const boot = options.then(async (o) => {
    // A first screen the server drew for this choice came with its answers (decision 44).
    const embedded = await embeddedBoot(choice, o.locale).catch(() => null);
    if (embedded) {
      rememberDrawnBoot();
      return claimableAnswers(embedded.boot, o.locale, embedded.sentAt, embedded.receivedAt);
    }
    const sentAt = Date.now();
    const response = await fetch(`${o.base}${bootCallPath(choice)}`, {
      mode: 'cors',
      headers: { accept: 'application/json', 'accept-language': o.locale },
    });
    if (!response.ok) throw new Error(`the boot call: ${response.status}`);
    const body = (await response.json()) as BootResponse;
    return claimableAnswers(body, o.locale, sentAt, Date.now());
  });
  const answerOf = (answers: Map<string, PrefetchedAnswer>, path: string) => {
    const answer = answers.get(path);
    if (!answer) throw new Error(`${path} is not part of this boot`);
    return answer;
  };
  const ask = (path: string) => {
    const answer = boot.then((answers) => answerOf(answers, path));
    rememberPrefetch(path, answer);
    return answer;
  };

  // Working hours are promised too: a brand without pre-orders gets none, and its app never asks.
  const first = firstBootPaths(choice, true);
  for (const path of [first.clock, first.cities, first.location, ...first.resto]) ask(path);
  // Home's largest picture starts with the answers instead of after the app's first render (LCP).
  ask(first.promotions)
    .then(async ({ response }) => {
      if (!response.ok) return;
      const picture = firstSlidePicture(window.location.pathname, await response.clone().json());
      if (!picture) return;
      const { base } = await options;
      const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'image' });
      link.href = picture.startsWith('/') && !picture.startsWith('//') ? `${base}${picture}` : picture;
      link.setAttribute('fetchpriority', 'high');
      document.head.append(link);
    })
    .catch(() => undefined);
  // The menus' paths are known once the answer is: the app waits for this plan before asking one.
  rememberPlan(
    BOOT_MENU_PATHS,
    boot.then((answers) => {
      for (const [path, answer] of answers)
        if (path.startsWith(BOOT_MENU_PATHS)) rememberPrefetch(path, Promise.resolve(answer));
    }),
  );
}

// Whatever fails here, the app asks again itself.
try {
  startBootRequests();
} catch {}
// Whatever fails here, the popup's files come when the app asks for them.
try {
  preloadFirstVisitChunks(document.querySelector('script[data-head-prefetch]'), window.localStorage);
} catch {}
