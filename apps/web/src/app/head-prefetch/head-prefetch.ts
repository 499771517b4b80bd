import type { LocationResponse, PublicConfig } from '@storefront/domain/contracts';
import { CONFIG_PATH } from '../../shared/config-path.ts';
import { prefetchKey, rememberPrefetch } from '../../shared/prefetch/prefetched-answers.ts';
import { firstBootPaths, menuPaths, savedChoice } from './boot-requests.ts';

/**
 * Runs from the page head, a few hundred bytes beside the app's bundle (issue 17, decision 30): it asks
 * for the brand config and, for a returning customer, the boot requests of SPEC §4 while the app's
 * scripts are still downloading. The app claims the answers when it asks (prefetched-answers.ts) and
 * applies them in the same order as ever; one it never asks for is dropped with the page.
 */
async function startBootRequests(): Promise<void> {
  const configAnswer = fetch(CONFIG_PATH, { headers: { accept: 'application/json' } });
  rememberPrefetch(prefetchKey(CONFIG_PATH, ''), configAnswer);
  const response = (await configAnswer).clone();
  if (!response.ok) return;
  const config = (await response.json()) as PublicConfig;
  const choice = savedChoice(config);
  if (!choice) return;

  const base = (config.apiBase ?? '').trim().replace(/\/+$/, '');
  const ask = (path: string) => {
    const answer = fetch(`${base}${path}`, {
      mode: 'cors',
      headers: { accept: 'application/json', 'accept-language': choice.locale },
    });
    rememberPrefetch(prefetchKey(path, choice.locale), answer);
    return answer;
  };
  const first = firstBootPaths(choice, config.features.preOrder);
  const locationAnswer = ask(first.location);
  for (const path of first.others) ask(path);
  const location = await locationAnswer;
  if (!location.ok) return;
  const restos = (await location.clone().json()) as LocationResponse;
  for (const path of menuPaths(choice, restos)) ask(path);
}

// Whatever fails here, the app asks again itself.
startBootRequests().catch(() => undefined);
