import type { TokenSet } from '@storefront/domain/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { completeSignIn } from '../../../entities/session/session.ts';
import { authCallFetch } from '../../../shared/api-client.ts';
import { useBrand } from '../../../shared/config.tsx';
import { vkFailureTextKey } from '../providers/provider-text-keys.ts';
import { checkVkRedirect, readVkRedirect, takeVkSession } from '../providers/vk-id-config.ts';

/**
 * VK ID sign-in by redirect (when the popup was blocked) comes back to /auth with code, state and
 * device_id: checked against the session saved before leaving, then exchanged at our API. The query is
 * removed from the address at once, so a reload never replays the code.
 */
export function useVkRedirectReturn(onSignedIn: () => void): { pending: boolean; problem: string | null } {
  const { t } = useTranslation('auth');
  const brand = useBrand();
  const [redirect] = useState(() => readVkRedirect(new URL(location.href)));
  const [pending, setPending] = useState(redirect !== null);
  const [problem, setProblem] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the redirect the page was opened with.
  useEffect(() => {
    if (!redirect) return;
    history.replaceState(history.state, '', location.pathname);
    const grant = checkVkRedirect(redirect, takeVkSession());
    if (!grant.ok) {
      setProblem(t(vkFailureTextKey(grant.code)));
      setPending(false);
      return;
    }
    authCallFetch<TokenSet>('/1/sign/in/vk-id', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        apiKey: brand.clients.apiKey,
        code: grant.code,
        codeVerifier: grant.codeVerifier,
        deviceId: grant.deviceId,
        redirectUri: grant.redirectUri,
        state: grant.state,
      }),
    })
      .then(completeSignIn)
      .then(onSignedIn)
      .catch((error: unknown) => {
        setProblem(error instanceof Error && error.message ? error.message : t('vkFailure103'));
        setPending(false);
      });
  }, []);

  return { pending, problem };
}
