import type { TokenSet } from '@storefront/domain/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { completeSignIn } from '../../../entities/session/session.ts';
import { ApiError, authCallFetch } from '../../../shared/api-client.ts';
import { useBrand } from '../../../shared/config.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { appleClientId, signInWithApple } from '../providers/apple-sign-in.ts';
import { googleClientId, signInWithGoogle } from '../providers/google-sign-in.ts';
import type { IdTokenResult } from '../providers/id-token-result.ts';
import {
  type ProviderTextKey,
  vkFailureTextKey,
  widgetErrorTextKey,
} from '../providers/provider-text-keys.ts';
import { createNonce } from '../providers/random-string.ts';
import { useSocialWidgetState } from '../providers/use-social-widget-state.ts';
import {
  createVkIdSessionConfig,
  saveVkSession,
  type VkIdSessionConfig,
  vkAppId,
  vkAuthorizeUrlFor,
} from '../providers/vk-id-config.ts';
import { openVkPopupLogin } from '../providers/vk-popup-login.ts';
import styles from './auth-page.module.css';

/**
 * The ID-token nonce: Google and Apple get the SHA-256 (hex) of a random value and our API gets the value
 * itself (X-Id-Token-Nonce), so a token lifted from elsewhere cannot be replayed here.
 */
async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

interface Nonce {
  raw: string;
  hashed: string;
}
async function createHashedNonce(): Promise<Nonce> {
  const raw = createNonce();
  return { raw, hashed: await sha256Hex(raw) };
}

/** Exchanges a provider's ID token at our API and completes the sign-in. */
async function signInWithIdToken(path: string, result: Extract<IdTokenResult, { ok: true }>, nonce: Nonce) {
  const tokens = await authCallFetch<TokenSet>(path, {
    method: 'POST',
    headers: { 'x-id-token': result.idToken, 'x-id-token-nonce': nonce.raw },
  });
  await completeSignIn(tokens);
}

interface SocialSignInProps {
  onSignedIn: () => void;
  /** A failure from the VK ID redirect, found by the page on its way back. */
  initialProblem?: string | null;
}

/** The brand's social sign-in methods (docs/product.md §1, §2 item 18), each shown only when configured. */
export function SocialSignIn({ onSignedIn, initialProblem = null }: SocialSignInProps) {
  const { t } = useTranslation('auth');
  const brand = useBrand();
  const [problem, setProblem] = useState<string | null>(initialProblem);
  const methods = brand.features.auth;
  const google = methods.includes('GOOGLE') && googleClientId(brand) !== null;
  const apple = methods.includes('APPLE') && appleClientId(brand) !== null;
  const vk = methods.includes('VK') && vkAppId(brand) !== null;
  if (!google && !apple && !vk) return null;

  const fail = (key: ProviderTextKey, detail?: unknown) => {
    if (detail) console.warn('social sign-in failed', detail);
    // docs/product.md §8: a sign-in call that got no answer says 'Network error' (already in the interface language).
    setProblem(detail instanceof ApiError && detail.network ? detail.message : t(key));
  };
  return (
    <div className={styles.social}>
      <p className={styles.or}>{t('or')}</p>
      {vk && <VkButton onSignedIn={onSignedIn} onProblem={fail} />}
      {apple && <AppleButton onSignedIn={onSignedIn} onProblem={fail} />}
      {google && <GoogleButton onSignedIn={onSignedIn} onProblem={fail} />}
      {problem && (
        <p className={styles.error} role="alert" data-testid="social-problem">
          {problem}
        </p>
      )}
    </div>
  );
}

interface ButtonProps {
  onSignedIn: () => void;
  onProblem: (key: ProviderTextKey, detail?: unknown) => void;
}

function VkButton({ onSignedIn, onProblem }: ButtonProps) {
  const { t } = useTranslation('auth');
  const brand = useBrand();
  const [config, setConfig] = useState<VkIdSessionConfig | null>(null);
  const [busy, setBusy] = useState(false);
  const appId = vkAppId(brand) as string;

  // The verifier and challenge are made before the click: the popup must open inside the click itself,
  // or the browser blocks it.
  const prepare = () =>
    void createVkIdSessionConfig({ appId, redirectUrl: `${location.origin}/auth`, mode: 'popup' }).then(
      setConfig,
    );
  // One config per mount; prepare() makes a new one after each attempt.
  // biome-ignore lint/correctness/useExhaustiveDependencies: prepare changes every render; once per mount.
  useEffect(prepare, []);

  const signIn = async () => {
    if (!config) return;
    setBusy(true);
    try {
      const url = vkAuthorizeUrlFor(config);
      const result = await openVkPopupLogin({ url, expectedState: config.state });
      if (result.ok) {
        const tokens = await authCallFetch<TokenSet>('/1/sign/in/vk-id', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            apiKey: brand.clients.apiKey,
            code: result.code,
            codeVerifier: config.codeVerifier,
            deviceId: result.deviceId,
            redirectUri: config.redirectUrl,
            state: config.state,
          }),
        });
        await completeSignIn(tokens);
        onSignedIn();
      } else if (result.code === 101) {
        // The popup was blocked: the same sign-in by redirect, coming back to /auth.
        saveVkSession({
          state: config.state,
          codeVerifier: config.codeVerifier,
          redirectUri: config.redirectUrl,
          createdAt: Date.now(),
        });
        location.assign(url);
      } else {
        onProblem(vkFailureTextKey(result.code), result.message);
      }
    } catch (error) {
      onProblem('providerError', error);
    } finally {
      setBusy(false);
      prepare();
    }
  };

  return (
    <Button variant="secondary" size="l" fullWidth onClick={() => void signIn()} loading={busy || !config}>
      {t('withVk')}
    </Button>
  );
}

function AppleButton({ onSignedIn, onProblem }: ButtonProps) {
  const { t } = useTranslation('auth');
  const brand = useBrand();
  const [nonce, setNonce] = useState<Nonce | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => void createHashedNonce().then(setNonce), []);

  const signIn = async () => {
    if (!nonce) return;
    setBusy(true);
    try {
      const result = await signInWithApple({ brand, nonce: () => nonce.hashed });
      if (result.ok) {
        await signInWithIdToken('/api/v1/sign/in/apple', result, nonce);
        onSignedIn();
      } else if (result.reason === 'failed') onProblem('providerError', result.message);
    } catch (error) {
      onProblem('providerError', error);
    } finally {
      setBusy(false);
      setNonce(await createHashedNonce());
    }
  };

  return (
    <Button variant="secondary" size="l" fullWidth onClick={() => void signIn()} loading={busy || !nonce}>
      {t('withApple')}
    </Button>
  );
}

/** Google draws its own button in a frame: loading / loaded / not_loaded as docs/product.md §4 describes. */
function GoogleButton({ onSignedIn, onProblem }: ButtonProps) {
  const { t } = useTranslation('auth');
  const brand = useBrand();
  const host = useRef<HTMLDivElement>(null);
  const widget = useSocialWidgetState();
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run per attempt only; the callbacks are stable enough.
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const controller = new AbortController();
    // The frame Google puts in the host tells when the button is there.
    const observer = new MutationObserver(() => {
      const frame = element.querySelector('iframe');
      if (frame) {
        observer.disconnect();
        frame.addEventListener('load', () => widget.frameLoaded(), { once: true });
      }
    });
    observer.observe(element, { childList: true, subtree: true });
    void (async () => {
      const nonce = await createHashedNonce();
      const result = await signInWithGoogle({
        brand,
        element,
        signal: controller.signal,
        nonce: () => nonce.hashed,
      });
      if (controller.signal.aborted) return;
      if (result.ok) {
        try {
          await signInWithIdToken('/api/v1/sign/in/google', result, nonce);
          onSignedIn();
        } catch (error) {
          onProblem('providerError', error);
          setAttempt((n) => n + 1);
        }
      } else if (result.reason === 'failed') widget.frameError('internal');
    })();
    return () => {
      controller.abort();
      observer.disconnect();
      element.replaceChildren();
    };
  }, [attempt]);

  return (
    <div className={styles.googleButton} data-widget-status={widget.status}>
      <div ref={host} hidden={widget.status === 'not_loaded'} />
      {widget.status === 'not_loaded' && widget.error && (
        <p className={styles.error} role="alert">
          {t(widgetErrorTextKey(widget.error))}{' '}
          <Button
            variant="text"
            onClick={() => {
              widget.restart();
              setAttempt((n) => n + 1);
            }}
          >
            {t('widgetRetry')}
          </Button>
        </p>
      )}
    </div>
  );
}
