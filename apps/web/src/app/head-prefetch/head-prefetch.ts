import type { LocationResponse, PublicConfig } from '@storefront/domain/contracts';
import { CONFIG_PATH } from '../../shared/config-path.ts';
import {
  type PrefetchedAnswer,
  rememberPlan,
  rememberPrefetch,
} from '../../shared/prefetch/prefetched-answers.ts';
import {
  bootOptions,
  firstBootPaths,
  firstSlidePicture,
  MENU_PATHS,
  menuPaths,
  savedChoice,
} from './boot-requests.ts';

/**
 * Runs from the page head, a few hundred bytes beside the app's bundle (issue 17, decision 30): it asks
 * for the brand config and, for a returning customer, the boot requests of SPEC §4 while the app's
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
  if (!choice) return;

  const config = configResponse.then(async (response) => {
    if (!response.ok) throw new Error(`${CONFIG_PATH}: ${response.status}`);
    return (await response.clone().json()) as PublicConfig;
  });
  const options = config.then((brand) => {
    const found = bootOptions(choice, brand);
    if (!found) throw new Error('another brand: the app clears the storage and asks anew');
    return { ...found, preOrder: brand.features.preOrder };
  });
  const ask = (path: string, when: (o: { preOrder: boolean }) => boolean = () => true) => {
    const answer = options.then(async (o): Promise<PrefetchedAnswer> => {
      if (!when(o)) throw new Error(`${path} is not part of this brand's boot`);
      const sentAt = Date.now();
      const response = await fetch(`${o.base}${path}`, {
        mode: 'cors',
        headers: { accept: 'application/json', 'accept-language': o.locale },
      });
      return { locale: o.locale, response, sentAt, receivedAt: Date.now() };
    });
    rememberPrefetch(path, answer);
    return answer;
  };

  const first = firstBootPaths(choice);
  ask(first.clock);
  const location = ask(first.location);
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
  for (const path of first.others) ask(path);
  ask(first.workingHours, (o) => o.preOrder);
  rememberPlan(
    MENU_PATHS,
    location.then(async ({ response }) => {
      if (!response.ok) return;
      const restos = (await response.clone().json()) as LocationResponse;
      for (const path of menuPaths(choice, restos)) ask(path);
    }),
  );
}

// Whatever fails here, the app asks again itself.
try {
  startBootRequests();
} catch {}
