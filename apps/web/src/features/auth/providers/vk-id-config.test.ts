import type { BrandConfig } from '@storefront/domain/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { codeChallengeS256 } from './pkce.ts';
import {
  checkRequiredParams,
  checkVkRedirect,
  createVkIdSessionConfig,
  isNumericClientId,
  readVkRedirect,
  saveVkSession,
  takeVkSession,
  VK_SESSION_MAX_AGE_MS,
  VK_SESSION_STORAGE_KEY,
  VkIdConfigError,
  type VkIdSession,
  vkAppId,
  vkAuthorizeUrl,
  vkAuthorizeUrlFor,
} from './vk-id-config.ts';

afterEach(() => sessionStorage.clear());

describe('vkAuthorizeUrl', () => {
  it('builds VK ID /authorize with the documented parameters', () => {
    const url = new URL(
      vkAuthorizeUrl({
        appId: '51234567',
        redirectUri: 'https://shop.example/auth',
        state: 's'.repeat(64),
        codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://id.vk.com/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: '51234567',
      redirect_uri: 'https://shop.example/auth',
      state: 's'.repeat(64),
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      scope: 'vkid.personal_info email phone',
    });
  });

  it('adds prompt and provider only when given and honours another base URL', () => {
    const url = new URL(
      vkAuthorizeUrl({
        appId: 7,
        redirectUri: 'https://shop.example/auth',
        state: 'x',
        codeChallenge: 'y',
        scope: 'email',
        prompt: 'login',
        provider: 'ok_ru',
        baseUrl: 'https://id.vk.ru/',
      }),
    );
    expect(url.href.startsWith('https://id.vk.ru/authorize?')).toBe(true);
    expect(url.searchParams.get('prompt')).toBe('login');
    expect(url.searchParams.get('provider')).toBe('ok_ru');
    expect(url.searchParams.get('scope')).toBe('email');
  });
});

describe('isNumericClientId', () => {
  it.each([
    ['51234567', true],
    [' 7 ', true],
    [51234567, true],
    ['0', false],
    ['', false],
    ['12ab', false],
    ['1.5', false],
    ['-3', false],
    [0, false],
    [1.5, false],
    [Number.NaN, false],
    [null, false],
    [undefined, false],
  ])('%j -> %s', (id, expected) => {
    expect(isNumericClientId(id)).toBe(expected);
  });
});

describe('vkAppId', () => {
  const brand = (vkAppId: string | null) =>
    ({ clients: { vkAppId } }) as unknown as Pick<BrandConfig, 'clients'>;
  it('is the id only when it is configured and numeric', () => {
    expect(vkAppId(brand('51234567'))).toBe('51234567');
    expect(vkAppId(brand(' 7 '))).toBe('7');
    expect(vkAppId(brand(null))).toBeNull();
    expect(vkAppId(brand('my-app'))).toBeNull();
  });
});

describe('checkRequiredParams', () => {
  it('passes a complete config', async () => {
    const config = await createVkIdSessionConfig({
      appId: '51234567',
      redirectUrl: 'https://shop.example/auth',
      mode: 'popup',
    });
    expect(checkRequiredParams(config)).toEqual([]);
    expect(config.responseMode).toBe('callback');
    expect(config.state).toHaveLength(64);
    expect(config.codeChallenge).toBe(await codeChallengeS256(config.codeVerifier));
  });

  it("speaks the SDK's messages", () => {
    expect(
      checkRequiredParams({ app: '', redirectUrl: ' ', state: 'a', codeVerifier: 'b', codeChallenge: 'c' }),
    ).toEqual(['app is required parameter', 'redirectUrl is required parameter']);
    expect(
      checkRequiredParams({
        app: 'abc',
        redirectUrl: 'https://x',
        state: 'a',
        codeVerifier: 'b',
        codeChallenge: 'c',
      }),
    ).toEqual(['app should be number']);
    expect(checkRequiredParams({})).toEqual([
      'app is required parameter',
      'redirectUrl is required parameter',
      'state is required parameter',
      'codeVerifier is required parameter',
      'codeChallenge is required parameter',
    ]);
  });

  it('run before any authorize URL is made: a config VK would refuse never leaves the page', async () => {
    const config = await createVkIdSessionConfig({ appId: '7', redirectUrl: ' ', mode: 'popup' });
    expect(() => vkAuthorizeUrlFor(config)).toThrow(VkIdConfigError);
    expect(() => vkAuthorizeUrlFor(config)).toThrow('redirectUrl is required parameter');
    expect(() => vkAuthorizeUrlFor({ ...config, redirectUrl: 'https://x/auth', app: 'vk-app' })).toThrow(
      'app should be number',
    );
    try {
      vkAuthorizeUrlFor({ ...config, app: '', state: '' });
    } catch (error) {
      expect((error as VkIdConfigError).problems).toEqual([
        'app is required parameter',
        'redirectUrl is required parameter',
        'state is required parameter',
      ]);
    }
    expect.assertions(4);
  });

  it('a config turns into its authorize URL', async () => {
    const config = await createVkIdSessionConfig({
      appId: '7',
      redirectUrl: 'https://x/auth',
      mode: 'redirect',
    });
    const url = new URL(vkAuthorizeUrlFor(config));
    expect(url.searchParams.get('state')).toBe(config.state);
    expect(url.searchParams.get('code_challenge')).toBe(config.codeChallenge);
    expect(url.searchParams.has('prompt')).toBe(false);
    expect(config.responseMode).toBe('redirect');
  });
});

describe('VK session in sessionStorage', () => {
  const session: VkIdSession = {
    state: 'state-1',
    codeVerifier: 'v'.repeat(64),
    redirectUri: 'https://shop.example/auth',
    createdAt: 1_000_000,
  };

  it('is read once and deleted', () => {
    saveVkSession(session);
    expect(takeVkSession(sessionStorage, 1_000_500)).toEqual(session);
    expect(sessionStorage.getItem(VK_SESSION_STORAGE_KEY)).toBeNull();
    expect(takeVkSession(sessionStorage, 1_000_500)).toBeNull();
  });

  it('counts a stale, future-dated or malformed session as none, and still deletes it', () => {
    saveVkSession(session);
    expect(takeVkSession(sessionStorage, session.createdAt + VK_SESSION_MAX_AGE_MS + 1)).toBeNull();
    saveVkSession(session);
    expect(takeVkSession(sessionStorage, session.createdAt - 1)).toBeNull();
    sessionStorage.setItem(VK_SESSION_STORAGE_KEY, '{not json');
    expect(takeVkSession()).toBeNull();
    sessionStorage.setItem(VK_SESSION_STORAGE_KEY, JSON.stringify({ state: 1 }));
    expect(takeVkSession()).toBeNull();
    expect(sessionStorage.getItem(VK_SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe('readVkRedirect and checkVkRedirect', () => {
  const session: VkIdSession = {
    state: 'good-state',
    codeVerifier: 'v'.repeat(64),
    redirectUri: 'https://shop.example/auth',
    createdAt: 0,
  };

  it('reads a successful redirect and turns it into a code grant', () => {
    const result = readVkRedirect(
      new URL(
        'https://shop.example/auth?code=abc&state=good-state&device_id=dev-1&expires_in=600&type=code_v2',
      ),
    );
    expect(result).toEqual({
      code: 'abc',
      state: 'good-state',
      deviceId: 'dev-1',
      expiresIn: 600,
      error: null,
      errorDescription: null,
    });
    expect(result && checkVkRedirect(result, session)).toEqual({
      ok: true,
      code: 'abc',
      deviceId: 'dev-1',
      codeVerifier: session.codeVerifier,
      redirectUri: session.redirectUri,
      state: 'good-state',
    });
  });

  it('is null for a page that did not come back from VK', () => {
    expect(readVkRedirect(new URL('https://shop.example/auth'))).toBeNull();
    expect(readVkRedirect(new URL('https://shop.example/auth?from=cart'))).toBeNull();
  });

  it('104 on a state mismatch or without a saved session', () => {
    const forged = readVkRedirect(new URL('https://shop.example/auth?code=abc&state=evil&device_id=d'));
    expect(forged && checkVkRedirect(forged, session)).toMatchObject({ ok: false, code: 104 });
    const good = readVkRedirect(new URL('https://shop.example/auth?code=abc&state=good-state&device_id=d'));
    expect(good && checkVkRedirect(good, null)).toMatchObject({ ok: false, code: 104 });
  });

  it('103 on an error or when no code or device id came back', () => {
    const denied = readVkRedirect(
      new URL(
        'https://shop.example/auth?error=access_denied&error_description=User%20denied&state=good-state',
      ),
    );
    expect(denied && checkVkRedirect(denied, session)).toEqual({
      ok: false,
      code: 103,
      reason: 'User denied',
    });
    const noCode = readVkRedirect(new URL('https://shop.example/auth?state=good-state&device_id=d'));
    expect(noCode && checkVkRedirect(noCode, session)).toMatchObject({ ok: false, code: 103 });
    const noDevice = readVkRedirect(new URL('https://shop.example/auth?state=good-state&code=c'));
    expect(noDevice && checkVkRedirect(noDevice, session)).toMatchObject({ ok: false, code: 103 });
  });
});
