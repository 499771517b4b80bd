import type { IncomingMessage } from 'node:http';
import { tokenSet } from '@storefront/domain/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { persons } from '../../db/schema.ts';
import {
  API_KEY,
  authApp,
  logCapture,
  requestCode,
  signIn,
  TEST_CLIENTS,
  testClock,
} from '../../test/auth-test-kit.ts';
import { type FakeServer, startFake } from '../../test/fakes/fake-server.ts';
import { startFakeVkId, type VkIdBehaviour } from '../../test/fakes/vk-id.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-app.ts';

const VERIFIER = `${'a'.repeat(20)}-_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ`;
const STATE = 'S'.repeat(64);

let behaviour: VkIdBehaviour;
let headersSeen: IncomingMessage['headers'][] = [];
let userCount = 0;

function goodBehaviour(user: Record<string, unknown> = {}): VkIdBehaviour {
  const userId = user.user_id ?? 7_000_000 + ++userCount;
  return {
    tokens: (query) => [
      200,
      {
        access_token: `vk-access-${userId}`,
        refresh_token: 'vk-refresh',
        id_token: 'vk-id-token',
        token_type: 'Bearer',
        expires_in: 3600,
        user_id: userId,
        state: query.get('state'),
        scope: 'vkid.personal_info email phone',
      },
    ],
    userInfo: () => [
      200,
      {
        user: {
          user_id: String(userId),
          first_name: 'Пётр',
          last_name: 'Сидоров',
          avatar: 'https://sun.userapi.com/avatar.jpg',
          email: null,
          phone: null,
          ...user,
        },
      },
    ],
    delayMs: 0,
  };
}

let database: TestDatabase;
let vk: FakeServer;
let app: StorefrontApp;
const clock = testClock();
const log = logCapture();
const apps: StorefrontApp[] = [];

async function testApp(options: Parameters<typeof authApp>[1] = {}) {
  const one = await authApp(database.db, {
    now: clock.now,
    log,
    clients: TEST_CLIENTS,
    ...options,
    env: { VK_ID_URL: vk.url, ...options.env },
  });
  apps.push(one);
  return one;
}

beforeAll(async () => {
  vk = await startFakeVkId(
    () => behaviour,
    (headers) => headersSeen.push(headers),
  );
  database = await openTestDatabase();
  app = await testApp();
});
afterAll(async () => {
  for (const one of apps) await one.close();
  await vk.close();
  await database.dispose();
});
beforeEach(() => {
  behaviour = goodBehaviour();
  vk.requests.length = 0;
  headersSeen = [];
});

const body = (extra: Record<string, unknown> = {}) => ({
  apiKey: API_KEY,
  code: 'vk2.a.code-from-the-redirect',
  codeVerifier: VERIFIER,
  deviceId: 'device-42',
  redirectUri: 'https://shop.example/auth/vk',
  state: STATE,
  ...extra,
});

const post = (payload: unknown, target: StorefrontApp = app) =>
  target.inject({ method: 'POST', url: '/1/sign/in/vk-id', payload: payload as Record<string, unknown> });

const errorOf = (response: { json(): unknown }) =>
  (response.json() as { errors: { code: string; message: string; field?: string }[] }).errors[0];

async function personOf(accessToken: string) {
  const me = await app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${accessToken}` } });
  expect(me.statusCode, me.body).toBe(200);
  return me.json() as Record<string, unknown> & { id: number };
}

describe('VK ID sign-in', () => {
  it('sends exactly the documented query and form body, and answers a token set with vkAccessToken', async () => {
    behaviour = goodBehaviour({ user_id: '7000001', email: 'Petr@Example.com', phone: '79123334455' });
    const response = await post(body());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const set = tokenSet.parse(response.json());
    expect(set).toMatchObject({ source: 'VK', vkAccessToken: 'vk-access-7000001' });

    const [exchange, info] = vk.requests;
    const exchangeUrl = new URL(exchange?.url ?? '', 'http://vk');
    expect(exchange?.method).toBe('POST');
    expect(exchangeUrl.pathname).toBe('/oauth2/auth');
    expect([...exchangeUrl.searchParams]).toEqual([
      ['grant_type', 'authorization_code'],
      ['redirect_uri', 'https://shop.example/auth/vk'],
      ['client_id', TEST_CLIENTS.vkAppId],
      ['code_verifier', VERIFIER],
      ['state', STATE],
      ['device_id', 'device-42'],
    ]);
    expect([...new URLSearchParams(exchange?.body)]).toEqual([['code', 'vk2.a.code-from-the-redirect']]);
    const infoUrl = new URL(info?.url ?? '', 'http://vk');
    expect(info?.method).toBe('POST');
    expect(infoUrl.pathname).toBe('/oauth2/user_info');
    expect([...infoUrl.searchParams]).toEqual([['client_id', TEST_CLIENTS.vkAppId]]);
    expect([...new URLSearchParams(info?.body)]).toEqual([['access_token', 'vk-access-7000001']]);
    for (const headers of headersSeen)
      expect(headers['content-type']).toBe('application/x-www-form-urlencoded');

    expect(await personOf(set.accessToken)).toMatchObject({
      firstName: 'Пётр',
      lastName: 'Сидоров',
      avatar: 'https://sun.userapi.com/avatar.jpg',
      email: 'petr@example.com',
      phone: '+79123334455',
    });
  });

  it('finds the same person by VK user id on the next sign-in', async () => {
    behaviour = goodBehaviour({ user_id: '7000100' });
    const first = tokenSet.parse((await post(body())).json());
    behaviour = goodBehaviour({ user_id: '7000100', first_name: 'Другое' });
    const second = tokenSet.parse((await post(body())).json());
    expect((await personOf(second.accessToken)).id).toBe((await personOf(first.accessToken)).id);
  });

  it('links to the person who signed in by phone, but never by email: VK does not say it is verified', async () => {
    const phone = '+79123335566';
    await requestCode(app, phone);
    const byPhone = tokenSet.parse((await signIn(app, phone, log.lastCode(phone) as string)).json());
    const phonePerson = await personOf(byPhone.accessToken);
    behaviour = goodBehaviour({ phone: '8 912 333-55-66' });
    const linked = tokenSet.parse((await post(body())).json());
    expect(await personOf(linked.accessToken)).toMatchObject({
      id: phonePerson.id,
      phone,
      firstName: 'Пётр',
    });

    // The phone person's empty email is not filled from VK.
    expect(await personOf(linked.accessToken)).toMatchObject({ email: null });

    const [owner] = await database.db
      .insert(persons)
      .values({ whiteLabelId: 'demo', email: 'same@example.com' })
      .returning();
    behaviour = goodBehaviour({ email: 'SAME@example.com' });
    const first = await personOf(tokenSet.parse((await post(body())).json()).accessToken);
    expect(first.id).not.toBe(owner?.id);
    // Kept as the new person's own contact.
    expect(first.email).toBe('same@example.com');
    behaviour = goodBehaviour({ email: 'same@example.com' });
    const second = await personOf(tokenSet.parse((await post(body())).json()).accessToken);
    expect(second.id).not.toBe(first.id);
    expect(second.id).not.toBe(owner?.id);
  });

  it('refuses an answer carrying another state', async () => {
    behaviour.tokens = () => goodBehaviour().tokens(new URLSearchParams({ state: 'forged-state' }));
    const response = await post(body());
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)?.code).toBe('auth.vk-state-mismatch');
    expect(vk.requests).toHaveLength(1);
  });

  it("answers VK's refusal as auth.vk-failed, its description in the log only", async () => {
    behaviour.tokens = () => [
      400,
      { error: 'invalid_grant', error_description: 'code is expired: secret-detail', state: STATE },
    ];
    const response = await post(body());
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toMatchObject({
      code: 'auth.vk-failed',
      message: 'Не удалось войти через VK ID, попробуйте ещё раз',
    });
    expect(response.body).not.toContain('secret-detail');
    expect(log.lines.some((line) => line.description === 'code is expired: secret-detail')).toBe(true);

    behaviour = goodBehaviour();
    behaviour.userInfo = () => [200, { error: 'invalid_token', error_description: 'bad' }];
    expect(errorOf(await post(body()))?.code).toBe('auth.vk-failed');
    behaviour = goodBehaviour();
    behaviour.userInfo = () => [200, { user: { first_name: 'no id' } }];
    expect(errorOf(await post(body()))?.code).toBe('auth.vk-failed');
  });

  it('answers 503 when VK ID is down, broken or slower than the timeout', async () => {
    behaviour.tokens = () => [502, { message: 'bad gateway' }];
    const broken = await post(body());
    expect(broken.statusCode).toBe(503);
    expect(errorOf(broken)?.code).toBe('auth.provider-unavailable');

    const impatient = await testApp({ env: { SIGN_IN_PROVIDER_TIMEOUT_MS: '200' } });
    behaviour = { ...goodBehaviour(), delayMs: 600 };
    const slow = await post(body(), impatient);
    expect(slow.statusCode).toBe(503);
    expect(errorOf(slow)?.code).toBe('auth.provider-unavailable');

    const gone = await startFake(() => undefined);
    await gone.close();
    const offline = await testApp({ env: { VK_ID_URL: gone.url } });
    expect((await post(body(), offline)).statusCode).toBe(503);
  });

  it('is 403 auth.provider-disabled unless the app id is numeric and the brand offers VK', async () => {
    for (const options of [
      { clients: { vkAppId: 'my-vk-app' } },
      { clients: { vkAppId: null } },
      { authMethods: ['PHONE', 'GOOGLE'] as ('PHONE' | 'GOOGLE')[] },
    ]) {
      const response = await post(body(), await testApp(options));
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)?.code).toBe('auth.provider-disabled');
    }
    expect(vk.requests).toHaveLength(0);
  });

  it('checks the app key and names a wrong field', async () => {
    const wrongKey = await post(body({ apiKey: 'other' }));
    expect(wrongKey.statusCode).toBe(401);
    expect(errorOf(wrongKey)?.code).toBe('auth.api-key-invalid');
    const cases: [Record<string, unknown>, string][] = [
      [{ codeVerifier: 'short' }, 'codeVerifier'],
      [{ codeVerifier: 'a'.repeat(129) }, 'codeVerifier'],
      [{ codeVerifier: `${'a'.repeat(42)}=` }, 'codeVerifier'],
      [{ state: '' }, 'state'],
      [{ state: 's'.repeat(129) }, 'state'],
      [{ redirectUri: 'javascript:alert(1)' }, 'redirectUri'],
      [{ code: '' }, 'code'],
      [{ deviceId: undefined }, 'deviceId'],
    ];
    for (const [extra, field] of cases) {
      const response = await post(body(extra));
      expect(response.statusCode, field).toBe(400);
      expect(errorOf(response)?.field, JSON.stringify(extra)).toBe(field);
    }
    expect(vk.requests).toHaveLength(0);
  });

  it('never answers 500, whatever the body', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom('', VERIFIER, STATE, 'https://shop.example/', API_KEY),
      fc.integer(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 2 }),
    );
    const payload = fc.oneof(
      fc.record(
        {
          apiKey: value,
          code: value,
          codeVerifier: value,
          deviceId: value,
          redirectUri: value,
          state: value,
        },
        { requiredKeys: [] },
      ),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(payload, async (input) => {
        const response = await app.inject({
          method: 'POST',
          url: '/1/sign/in/vk-id',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(input) ?? '',
        });
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});
