import type { BrandConfig } from '@storefront/domain/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  APPLE_ID_SRC,
  type AppleClientConfig,
  type AppleIdAuth,
  type AppleSignInResponse,
  appleClientId,
  loadAppleId,
  signInWithApple,
} from './apple-sign-in.ts';

const brand = (appleClientId: string | null) =>
  ({ clients: { appleClientId } }) as unknown as Pick<BrandConfig, 'clients'>;

function fakeApple(signIn: (config: AppleClientConfig) => Promise<AppleSignInResponse>) {
  let config: AppleClientConfig | null = null;
  const auth = {
    init: vi.fn((c: AppleClientConfig) => {
      config = c;
    }),
    signIn: vi.fn(() => (config ? signIn(config) : Promise.reject(new Error('not initialised')))),
  } satisfies AppleIdAuth;
  return auth;
}

const fixed = { nonce: () => 'n'.repeat(43), state: () => 's'.repeat(64) };

describe('signInWithApple', () => {
  it('is disabled without a client id', async () => {
    const load = vi.fn();
    await expect(signInWithApple({ brand: brand(null), load })).resolves.toEqual({
      ok: false,
      provider: 'APPLE',
      reason: 'disabled',
    });
    expect(load).not.toHaveBeenCalled();
    expect(appleClientId(brand(' '))).toBeNull();
  });

  it('inits Apple in popup mode and returns authorization.id_token with the nonce', async () => {
    const auth = fakeApple(async (c) => ({
      authorization: { code: 'c', id_token: 'apple.jwt.sig', state: c.state },
    }));
    const result = await signInWithApple({
      brand: brand('com.example.web'),
      redirectUri: 'https://shop.example/auth',
      load: async () => auth,
      ...fixed,
    });
    expect(auth.init).toHaveBeenCalledWith({
      clientId: 'com.example.web',
      scope: 'name email',
      redirectURI: 'https://shop.example/auth',
      state: 's'.repeat(64),
      nonce: 'n'.repeat(43),
      usePopup: true,
    });
    expect(result).toEqual({ ok: true, provider: 'APPLE', idToken: 'apple.jwt.sig', nonce: 'n'.repeat(43) });
  });

  it.each(['popup_closed_by_user', 'user_cancelled_authorize'])(
    'a customer who closes the popup (%s) is a cancel, not a failure',
    async (error) => {
      const auth = fakeApple(() => Promise.reject({ error }));
      await expect(
        signInWithApple({ brand: brand('id'), load: async () => auth, ...fixed }),
      ).resolves.toEqual({
        ok: false,
        provider: 'APPLE',
        reason: 'cancelled',
      });
    },
  );

  it('other errors, a missing token, a foreign state or a failed load are failures', async () => {
    const run = (auth: AppleIdAuth) =>
      signInWithApple({ brand: brand('id'), load: async () => auth, ...fixed });
    await expect(run(fakeApple(() => Promise.reject({ error: 'invalid_client' })))).resolves.toEqual({
      ok: false,
      provider: 'APPLE',
      reason: 'failed',
      message: 'invalid_client',
    });
    await expect(run(fakeApple(async () => ({ authorization: { code: 'c' } })))).resolves.toMatchObject({
      reason: 'failed',
    });
    await expect(
      run(fakeApple(async () => ({ authorization: { id_token: 't', state: 'other' } }))),
    ).resolves.toMatchObject({ reason: 'failed', message: 'state mismatch' });
    await expect(
      signInWithApple({ brand: brand('id'), load: () => Promise.reject(new Error('blocked')), ...fixed }),
    ).resolves.toEqual({ ok: false, provider: 'APPLE', reason: 'failed', message: 'blocked' });
  });
});

describe('loadAppleId', () => {
  it('asks for the Apple script once and returns AppleID.auth', async () => {
    const auth = fakeApple(async () => ({}));
    const win = window as Window & { AppleID?: unknown };
    const loadScript = vi.fn(async (src: string) => {
      expect(src).toBe(APPLE_ID_SRC);
      win.AppleID = { auth };
    });
    try {
      await expect(loadAppleId(document, loadScript)).resolves.toBe(auth);
      await expect(loadAppleId(document, loadScript)).resolves.toBe(auth);
      expect(loadScript).toHaveBeenCalledTimes(1);
    } finally {
      delete win.AppleID;
    }
  });

  it('a load error rejects and the next call tries again', async () => {
    const loadScript = vi.fn().mockRejectedValueOnce(new Error('net')).mockResolvedValueOnce(undefined);
    await expect(loadAppleId(document, loadScript)).rejects.toThrow('net');
    await expect(loadAppleId(document, loadScript)).rejects.toThrow(/AppleID\.auth/);
    expect(loadScript).toHaveBeenCalledTimes(2);
  });

  it('with the real loader: one tag, a failed load removes it, the next call injects it again', async () => {
    const tags = () => document.head.querySelectorAll(`script[src="${APPLE_ID_SRC}"]`);
    const win = window as Window & { AppleID?: unknown };
    const first = loadAppleId();
    const again = loadAppleId();
    await vi.waitFor(() => expect(tags()).toHaveLength(1));
    tags()[0]?.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow(/failed to load/);
    await expect(again).rejects.toThrow(/failed to load/);
    expect(tags()).toHaveLength(0);

    const auth = fakeApple(async () => ({}));
    const retry = loadAppleId();
    await vi.waitFor(() => expect(tags()).toHaveLength(1));
    win.AppleID = { auth };
    tags()[0]?.dispatchEvent(new Event('load'));
    try {
      await expect(retry).resolves.toBe(auth);
    } finally {
      delete win.AppleID;
      for (const tag of tags()) tag.remove();
    }
  });
});
