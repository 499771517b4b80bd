import type { BrandConfig } from '@storefront/domain/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { personStore } from '../../../entities/session/person-store.ts';
import { Route, Switch } from '../../../shared/navigation/router.tsx';
import { renderWithApp, testBrand } from '../../../test/render-app.tsx';
import { saveVkSession } from '../providers/vk-id-config.ts';
import AuthPage from './auth-page.tsx';

const providers = vi.hoisted(() => ({
  popup: vi.fn(),
  apple: vi.fn(),
  google: vi.fn(),
}));
vi.mock('../providers/vk-popup-login.ts', () => ({ openVkPopupLogin: providers.popup }));
vi.mock('../providers/apple-sign-in.ts', async (original) => ({
  ...(await original<typeof import('../providers/apple-sign-in.ts')>()),
  signInWithApple: providers.apple,
}));
vi.mock('../providers/google-sign-in.ts', async (original) => ({
  ...(await original<typeof import('../providers/google-sign-in.ts')>()),
  signInWithGoogle: providers.google,
}));

const brand = {
  ...testBrand,
  features: {
    ...testBrand.features,
    auth: ['PHONE', 'GOOGLE', 'APPLE', 'VK'] as ('PHONE' | 'GOOGLE' | 'APPLE' | 'VK')[],
  },
  clients: {
    ...testBrand.clients,
    googleClientId: 'g.apps',
    appleClientId: 'com.example.web',
    vkAppId: '51234567',
  },
};
const PROFILE = {
  id: 9,
  accountIds: [],
  avatar: null,
  deliveries: [],
  email: 'vk@example.com',
  firstName: 'Вика',
  lastName: null,
  patronymic: null,
  phone: null,
};
const TOKENS = { accessToken: 'a.e30.s', refreshToken: 'r', source: 'VK', vkAccessToken: 'vk' };

/** The API: sign-in calls answer a token set, /me the profile; every request is recorded. */
function stubApi() {
  const sent: { path: string; headers: Headers; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      sent.push({
        path,
        headers: new Headers(init?.headers),
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      const body = path === '/api/v1/me' ? PROFILE : TOKENS;
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return sent;
}

async function sha256Hex(value: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

function renderAuth(withBrand: BrandConfig = brand) {
  return renderWithApp(
    <Switch>
      <Route path="/auth">
        <AuthPage />
      </Route>
      <Route path="/">{<p>Главная</p>}</Route>
    </Switch>,
    { cities: [] },
    { entry: '/auth', brand: withBrand },
  );
}

describe('/auth: social sign-in (docs/product.md §1, §4 Popup login, Social widget)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    personStore.getState().signedOut();
    providers.popup.mockReset();
    providers.apple.mockReset();
    // Google's button stays a pending widget unless a test says otherwise.
    providers.google.mockReset().mockReturnValue(new Promise(() => {}));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  it('shows no social buttons for a brand that configures none', async () => {
    stubApi();
    await renderAuth(testBrand);
    expect(screen.queryByText('или войдите через')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Войти через VK ID' })).not.toBeInTheDocument();
  });

  it('VK ID by popup: the code is exchanged with the verifier made before the click', async () => {
    const sent = stubApi();
    providers.popup.mockImplementation(
      async ({ url, expectedState }: { url: string; expectedState: string }) => {
        expect(new URL(url).searchParams.get('state')).toBe(expectedState);
        return { ok: true, code: 'vk-code', state: expectedState, deviceId: 'device-1' };
      },
    );
    await renderAuth();
    const button = await screen.findByRole('button', { name: 'Войти через VK ID' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByText('Главная')).toBeInTheDocument();

    const url = new URL(providers.popup.mock.calls[0]?.[0].url);
    expect(url.searchParams.get('client_id')).toBe('51234567');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const exchange = sent.find((call) => call.path === '/1/sign/in/vk-id');
    const body = exchange?.body as Record<string, string>;
    expect(body).toMatchObject({
      apiKey: 'test-api-key',
      code: 'vk-code',
      deviceId: 'device-1',
      redirectUri: 'http://localhost:3000/auth',
      state: url.searchParams.get('state'),
    });
    // The challenge VK saw is the S256 of the verifier sent for the exchange.
    const challenge = btoa(
      String.fromCharCode(
        ...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body.codeVerifier))),
      ),
    )
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(url.searchParams.get('code_challenge')).toBe(challenge);
    expect(personStore.getState().tokens).toMatchObject({ source: 'VK', vkAccessToken: 'vk' });
  });

  it('a sign-in exchange that gets no answer says “Ошибка сети”', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    providers.popup.mockImplementation(async ({ expectedState }: { expectedState: string }) => ({
      ok: true,
      code: 'vk-code',
      state: expectedState,
      deviceId: 'device-1',
    }));
    await renderAuth();
    const button = await screen.findByRole('button', { name: 'Войти через VK ID' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByTestId('social-problem')).toHaveTextContent('Ошибка сети');
    expect(personStore.getState().tokens).toBeNull();
  });

  it('a closed VK window is told in words and nothing is exchanged', async () => {
    const sent = stubApi();
    providers.popup.mockResolvedValue({ ok: false, code: 102, message: 'new tab closed' });
    await renderAuth();
    const button = await screen.findByRole('button', { name: 'Войти через VK ID' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByTestId('social-problem')).toHaveTextContent(
      'Окно входа закрыто до завершения входа',
    );
    expect(sent.some((call) => call.path === '/1/sign/in/vk-id')).toBe(false);
  });

  it('VK ID by redirect: a matching state is exchanged, a foreign one refused (104)', async () => {
    const sent = stubApi();
    saveVkSession({
      state: 'S'.repeat(64),
      codeVerifier: 'v'.repeat(64),
      redirectUri: 'http://localhost:3000/auth',
      createdAt: Date.now(),
    });
    window.history.replaceState(null, '', `/auth?code=c1&state=${'S'.repeat(64)}&device_id=d1`);
    await renderAuth();
    expect(await screen.findByText('Главная')).toBeInTheDocument();
    expect(sent.find((call) => call.path === '/1/sign/in/vk-id')?.body).toMatchObject({
      code: 'c1',
      codeVerifier: 'v'.repeat(64),
      deviceId: 'd1',
    });
    // The code is gone from the address: a reload cannot replay it.
    expect(window.location.search).toBe('');
  });

  it('a redirect whose state does not match the saved one is refused', async () => {
    const sent = stubApi();
    saveVkSession({
      state: 'S'.repeat(64),
      codeVerifier: 'v'.repeat(64),
      redirectUri: 'http://localhost:3000/auth',
      createdAt: Date.now(),
    });
    window.history.replaceState(null, '', `/auth?code=c1&state=${'X'.repeat(64)}&device_id=d1`);
    await renderAuth();
    expect(await screen.findByTestId('social-problem')).toHaveTextContent('Ответ VK ID не прошёл проверку');
    expect(sent.some((call) => call.path === '/1/sign/in/vk-id')).toBe(false);
  });

  it('Apple: Apple gets the hash of the nonce, our API the nonce itself with the ID token', async () => {
    const sent = stubApi();
    providers.apple.mockImplementation(async ({ nonce }: { nonce: () => string }) => ({
      ok: true,
      provider: 'APPLE',
      idToken: 'apple-id-token',
      nonce: nonce(),
    }));
    await renderAuth();
    const button = await screen.findByRole('button', { name: 'Войти через Apple' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByText('Главная')).toBeInTheDocument();
    const call = sent.find((c) => c.path === '/api/v1/sign/in/apple');
    expect(call?.headers.get('x-id-token')).toBe('apple-id-token');
    const raw = call?.headers.get('x-id-token-nonce') ?? '';
    const givenToApple = providers.apple.mock.calls[0]?.[0].nonce();
    expect(raw.length).toBeGreaterThanOrEqual(32);
    expect(givenToApple).toBe(await sha256Hex(raw));
  });

  it('Google: Google gets the hash of a fresh nonce, our API the nonce itself with the ID token', async () => {
    const sent = stubApi();
    providers.google.mockImplementation(async ({ nonce }: { nonce: () => string }) => ({
      ok: true,
      provider: 'GOOGLE',
      idToken: 'google-id-token',
      nonce: nonce(),
    }));
    await renderAuth();
    expect(await screen.findByText('Главная')).toBeInTheDocument();
    const call = sent.find((c) => c.path === '/api/v1/sign/in/google');
    expect(call?.headers.get('x-id-token')).toBe('google-id-token');
    const raw = call?.headers.get('x-id-token-nonce') ?? '';
    expect(raw.length).toBeGreaterThanOrEqual(32);
    expect(providers.google.mock.calls[0]?.[0].nonce()).toBe(await sha256Hex(raw));
  });

  it("Google's button that does not load in 5 s says so and offers a retry", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi();
    await renderAuth();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(await screen.findByText(/Не удалось загрузить кнопку входа/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Попробовать ещё раз' }));
    expect(screen.queryByText(/Не удалось загрузить кнопку входа/)).not.toBeInTheDocument();
    expect(providers.google).toHaveBeenCalledTimes(2);
  });
});
