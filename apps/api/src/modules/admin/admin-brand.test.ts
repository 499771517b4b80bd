import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  adminAuditList,
  adminBrandPage,
  adminBrandSettings,
  type BrandPageLink,
} from '@storefront/domain/contracts';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { type AdminRole, addAdminStaff, addOtherBrandDish, errorsOf } from '../../test/admin-kit.ts';
import { changedTables, databaseFingerprint } from '../../test/database-fingerprint.ts';
import { addTestStaff, staffHeaders } from '../../test/staff-kit.ts';
import { createTestApp, secondInstance, type TestDatabase, testConfig } from '../../test/test-app.ts';

/** Values the test process's environment gives the server's secrets: none may appear in any answer. */
const SECRET_VALUES = {
  AUTH_TOKEN_SECRET: 'auth-secret-value-0123456789abcdefghij',
  QUOTE_SECRET: 'quote-secret-value-0123456789abcdefghi',
  SMSRU_API_ID: 'smsru-secret-value-42',
  SMARTCAPTCHA_SERVER_KEY: 'captcha-server-secret-value',
  YOOKASSA_SHOPS: 'main=shop-id-777:yk-secret-value-xyz',
  S3_ACCESS_KEY_ID: 's3-access-id-value',
  S3_SECRET_ACCESS_KEY: 's3-secret-value-abc',
  // Only the secrets list reads it here: the test app runs on its own database, embedded or the CI server.
  DATABASE_URL: 'postgres://storefront:db-password-value-qq@db.invalid:5432/storefront',
};
/** Uploaded pictures go to this file's own media folder. */
const dataDir = mkdtempSync(join(tmpdir(), 'admin-brand-'));
const ENV = { ...SECRET_VALUES, DATA_DIR: dataDir, MEDIA_STORE: 'local' };

let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let as: Record<AdminRole, Record<string, string>>;
const answers: LightMyRequestResponse[] = [];

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env: ENV }));
  ({ headers: as } = await addAdminStaff(app, database.db, 'brand'));
});
afterAll(async () => {
  await close();
  rmSync(dataDir, { recursive: true, force: true });
});

const url = '/api/v1/admin/brand';
const call = async (
  method: 'GET' | 'PATCH' | 'POST' | 'DELETE',
  path: string,
  headers: Record<string, string>,
  payload?: unknown,
) => {
  const answer = await app.inject({
    method,
    url: path,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  answers.push(answer);
  return answer;
};
const settingsNow = async () => {
  const answer = await call('GET', url, as.owner);
  return { ...adminBrandSettings.parse(answer.json()), etag: String(answer.headers.etag) };
};
const lastEntry = async (entity: string) => {
  const answer = await call('GET', `/api/v1/admin/audit?entity=${entity}&limit=1`, as.owner);
  expect(answer.statusCode, answer.body).toBe(200);
  const [entry] = adminAuditList.parse(answer.json()).entries;
  if (!entry) throw new Error('no entry');
  return entry;
};
const configJson = async (instance: StorefrontApp = app) => (await instance.inject('/config.json')).json();

describe('the brand’s settings in the back office', () => {
  it('are the owner’s alone: a manager and an operator get 403, another brand’s owner does not see this one', async () => {
    const owner = await call('GET', url, as.owner);
    expect(owner.statusCode).toBe(200);
    const { settings, version } = adminBrandSettings.parse(owner.json());
    expect(owner.headers.etag).toBe(`"${version}"`);
    expect(settings.name).toEqual({ ru: 'Нори-Нори', en: 'Nori-Nori' });
    expect(settings.theme.primary).toBe('#5bd0a4');
    for (const role of ['manager', 'operator'] as const) {
      expect((await call('GET', url, as[role])).statusCode).toBe(403);
      expect((await call('GET', `${url}/pages`, as[role])).statusCode).toBe(403);
      expect((await call('GET', `${url}/secrets`, as[role])).statusCode).toBe(403);
      const patch = await call(
        'PATCH',
        url,
        { ...as[role], 'if-match': `"${version}"` },
        { logo: '/media/x.svg' },
      );
      expect(patch.statusCode).toBe(403);
    }
    await addOtherBrandDish(database.db);
    const otherOwner = await staffHeaders(
      app,
      await addTestStaff(database.db, {
        login: 'other-brand-owner',
        role: 'owner',
        whiteLabel: 'other-brand',
      }),
    );
    // An instance serves one brand: another brand's staff token is not taken here at all.
    expect((await call('GET', url, otherOwner)).statusCode).toBe(401);
    expect((await call('GET', `${url}/pages`, otherOwner)).statusCode).toBe(401);
  });

  it('refuses bad input with field errors in the request’s language and saves nothing', async () => {
    const { etag } = await settingsNow();
    const before = await databaseFingerprint(database.db);
    const headers = { ...as.owner, 'if-match': etag, 'accept-language': 'en' };
    const secret = await call('PATCH', url, headers, { clients: { apiKey: 'x' } });
    expect(secret.statusCode).toBe(400);
    const unknown = await call('PATCH', url, headers, { smsruApiId: 'x' });
    expect(unknown.statusCode).toBe(400);
    const plainHttp = await call('PATCH', url, headers, {
      links: { franchise: 'http://example.com', appStore: null, googlePlay: null, support: null },
    });
    expect(plainHttp.statusCode).toBe(400);
    expect(errorsOf(plainHttp).map((e) => e.field)).toContain('links.franchise');
    const colour = await call('PATCH', url, headers, { theme: { mode: 'dark', primary: 'red' } });
    expect(errorsOf(colour).map((e) => e.field)).toContain('theme.primary');
    const outside = await call('PATCH', url, headers, { logo: 'https://evil.example/logo.svg' });
    expect(errorsOf(outside).map((e) => e.field)).toContain('logo');
    const city = await call('PATCH', url, headers, { defaults: { cityId: 999_999, deliveryMethod: null } });
    expect(city.statusCode).toBe(422);
    expect(errorsOf(city)[0]).toMatchObject({ code: 'admin.brand-city-not-found', field: 'defaults.cityId' });
    expect(errorsOf(city)[0]?.message).toBe('The brand has no such city');
    const noAuth = await call('PATCH', url, headers, {
      features: { auth: [], personCount: true, promoCodes: true, preOrder: true },
    });
    expect(errorsOf(noAuth).map((e) => e.field)).toContain('features.auth');
    expect((await call('PATCH', url, as.owner, { logo: '/media/brand/logo.svg' })).statusCode).toBe(428);
    expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);
  });

  it('a new primary colour is in /config.json at once here and on another instance after its refresh; 412 on a stale version; reverted from the audit log', async () => {
    const other = await secondInstance(database, { config: testConfig(ENV) });
    try {
      const { etag, settings } = await settingsNow();
      expect((await configJson(other.app)).theme.primary).toBe('#5bd0a4');
      const changed = await call(
        'PATCH',
        url,
        { ...as.owner, 'if-match': etag },
        { theme: { mode: 'light', primary: '#ff5500' } },
      );
      expect(changed.statusCode).toBe(200);
      expect(adminBrandSettings.parse(changed.json()).settings.theme).toEqual({
        mode: 'light',
        primary: '#ff5500',
      });
      // This instance at once; the API key and the maps stay as the file set them.
      const served = await configJson();
      expect(served.theme).toMatchObject({ mode: 'light', primary: '#ff5500' });
      expect(served.clients.apiKey).toBe('demo-public-api-key');
      expect(served.name).toEqual(settings.name);
      // The other instance on its next poll of the revision (the catalog's refresh).
      expect((await configJson(other.app)).theme.primary).toBe('#5bd0a4');
      await other.app.catalog.refresh();
      expect((await configJson(other.app)).theme.primary).toBe('#ff5500');

      const stale = await call('PATCH', url, { ...as.owner, 'if-match': etag }, { logo: '/media/x.svg' });
      expect(stale.statusCode).toBe(412);
      expect(stale.json().current.settings.theme.primary).toBe('#ff5500');

      const entry = await lastEntry('brand-settings');
      expect(entry.before).toEqual({ theme: { mode: 'dark', primary: '#5bd0a4' } });
      expect(entry.after).toEqual({ theme: { mode: 'light', primary: '#ff5500' } });
      expect((await call('POST', `/api/v1/admin/audit/${entry.id}/revert`, as.manager)).statusCode).toBe(403);
      expect((await call('POST', `/api/v1/admin/audit/${entry.id}/revert`, as.owner)).statusCode).toBe(200);
      expect((await configJson()).theme.primary).toBe('#5bd0a4');
      await other.app.catalog.refresh();
      expect((await configJson(other.app)).theme.primary).toBe('#5bd0a4');
    } finally {
      await other.app.close();
      await other.closeDatabase();
    }
  });

  it('a feature an owner switches off is served at once, and switched back on', async () => {
    const { etag, settings } = await settingsNow();
    const off = await call(
      'PATCH',
      url,
      { ...as.owner, 'if-match': etag },
      { features: { ...settings.features, promoCodes: false } },
    );
    expect(off.statusCode).toBe(200);
    expect((await configJson()).features.promoCodes).toBe(false);
    const back = await call(
      'PATCH',
      url,
      { ...as.owner, 'if-match': String(off.headers.etag) },
      { features: settings.features },
    );
    expect(back.statusCode).toBe(200);
    expect((await configJson()).features.promoCodes).toBe(true);
  });

  it('takes a logo through the image pipeline: refused junk saves nothing, a PNG is served and revertible', async () => {
    const { etag } = await settingsNow();
    const upload = (which: string, body: Buffer, ifMatch: string) =>
      app.inject({
        method: 'PUT',
        url: `${url}/pictures/${which}`,
        headers: { ...as.owner, 'content-type': 'image/png', 'if-match': ifMatch },
        payload: body,
      });
    const before = await databaseFingerprint(database.db);
    const junk = await upload('logo', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), etag);
    expect(junk.statusCode).toBe(422);
    expect(errorsOf(junk)[0]?.code).toBe('admin.photo-not-an-image');
    expect((await upload('banner', Buffer.from('x'), etag)).statusCode).toBe(400);
    expect((await upload('logo', Buffer.from('x'), '"1"')).statusCode).toBe(412);
    expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);
    const png = await sharp({
      create: { width: 400, height: 400, channels: 3, background: { r: 224, g: 69, b: 123 } },
    })
      .png()
      .toBuffer();
    const manager = await app.inject({
      method: 'PUT',
      url: `${url}/pictures/logo`,
      headers: { ...as.manager, 'content-type': 'image/png', 'if-match': etag },
      payload: png,
    });
    expect(manager.statusCode).toBe(403);
    const taken = await upload('logo', png, etag);
    expect(taken.statusCode).toBe(200);
    const logo = adminBrandSettings.parse(taken.json()).settings.logo;
    expect(logo).toMatch(/^\/media\/u\/[0-9a-f]{32}\/640\.jpg$/);
    expect((await configJson()).logo).toBe(logo);
    expect((await app.inject(logo)).statusCode).toBe(200);
    const entry = await lastEntry('brand-settings');
    expect(entry.after).toEqual({ logo });
    expect((await call('POST', `/api/v1/admin/audit/${entry.id}/revert`, as.owner)).statusCode).toBe(200);
    expect((await configJson()).logo).toBe('/media/brand/logo.svg');
  });

  it('serves /config.json with no-cache and an ETag, 304 when unchanged', async () => {
    const first = await app.inject('/config.json');
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await app.inject({
      url: '/config.json',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('the brand’s pages', () => {
  const pages = `${url}/pages`;
  const page = (slug: string) => `/content/pages/ru/${slug}.md`;

  it('are seeded from the brand folder and served at their old addresses, cached 10 minutes', async () => {
    const list = (await call('GET', pages, as.owner)).json().pages as {
      slug: string;
      title: { ru: string };
    }[];
    expect(list.map((p) => p.slug)).toContain('dostavka');
    const served = await app.inject(page('dostavka'));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^text\/markdown/);
    expect(served.headers['cache-control']).toBe('public, max-age=600');
    expect(served.body).toMatch(/^#/m);
    expect((await app.inject('/content/pages/en/dostavka.md')).statusCode).toBe(200);
    expect((await app.inject(page('no-such-page'))).statusCode).toBe(404);
    expect((await app.inject('/content/pages/de/dostavka.md')).statusCode).toBe(404);
  });

  it('are listed in /config.json in the brand’s order with the folder’s navigation titles', async () => {
    const { pages: links } = await configJson();
    expect(links[0]).toEqual({
      slug: 'informaciya-dlya-klientov',
      title: { ru: 'Информация для клиентов', en: 'Information for customers' },
      order: 10,
    });
    expect(links.map((link: { slug: string }) => link.slug)).toEqual([
      'informaciya-dlya-klientov',
      'unikalnye-preimushchestva',
      'pravila-prodazhi',
      'postavshchikam',
      'postavshchikam-uslug-i-produkcii',
      'sovmestnye-promo-akcii',
      'podarki-ot-partnerov',
      'dostavka',
      'terms-of-sale',
    ]);
  });

  it('in /config.json follow a created, renamed, moved and hidden page, here at once and on another instance after its refresh', async () => {
    const other = await secondInstance(database, { config: testConfig(ENV) });
    const slugsOf = async (instance?: StorefrontApp) =>
      ((await configJson(instance)).pages as { slug: string }[]).map((link) => link.slug);
    const linkOf = async (slug: string) =>
      ((await configJson()).pages as BrandPageLink[]).find((link) => link.slug === slug);
    let made: ReturnType<typeof adminBrandPage.parse> | undefined;
    try {
      const created = await call('POST', pages, as.owner, {
        slug: 'dostavka-nochyu',
        title: { ru: 'Доставка ночью', en: 'Night delivery' },
        body: { ru: '# Доставка ночью\n\nДо трёх.', en: '# Night delivery\n\nTill three.' },
        order: 1000,
      });
      expect(created.statusCode, created.body).toBe(201);
      made = adminBrandPage.parse(created.json());
      expect((await slugsOf()).at(-1)).toBe('dostavka-nochyu');
      expect(await linkOf('dostavka-nochyu')).toEqual({
        slug: 'dostavka-nochyu',
        title: { ru: 'Доставка ночью', en: 'Night delivery' },
        order: 1000,
      });
      expect(await slugsOf(other.app)).not.toContain('dostavka-nochyu');
      await other.app.catalog.refresh();
      expect((await slugsOf(other.app)).at(-1)).toBe('dostavka-nochyu');

      const renamed = await call(
        'PATCH',
        `${pages}/${made.id}`,
        { ...as.owner, 'if-match': `"${made.version}"` },
        { title: { ru: 'Ночная доставка', en: 'Late delivery' }, order: 1 },
      );
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((await slugsOf())[0]).toBe('dostavka-nochyu');
      expect((await linkOf('dostavka-nochyu'))?.title).toEqual({
        ru: 'Ночная доставка',
        en: 'Late delivery',
      });

      const hidden = await call(
        'PATCH',
        `${pages}/${made.id}`,
        { ...as.owner, 'if-match': String(renamed.headers.etag) },
        { isPublished: false },
      );
      expect(hidden.statusCode).toBe(200);
      expect(await slugsOf()).not.toContain('dostavka-nochyu');
      await other.app.catalog.refresh();
      expect(await slugsOf(other.app)).not.toContain('dostavka-nochyu');
    } finally {
      if (made) {
        const now = adminBrandPage.parse((await call('GET', `${pages}/${made.id}`, as.owner)).json());
        await call('DELETE', `${pages}/${made.id}`, { ...as.owner, 'if-match': `"${now.version}"` });
      }
      await other.app.close();
      await other.closeDatabase();
    }
    expect(await slugsOf()).not.toContain('dostavka-nochyu');
  });

  it('are created, unpublished (404), refused under a taken slug, deleted and brought back by a revert', async () => {
    const created = await call('POST', pages, as.owner, {
      slug: 'o-nas',
      title: { ru: 'О нас', en: 'About us' },
      body: { ru: '# О нас\n\nМы готовим.', en: '# About us\n\nWe cook.' },
    });
    expect(created.statusCode).toBe(201);
    const made = adminBrandPage.parse(created.json());
    expect((await app.inject(page('o-nas'))).body).toContain('Мы готовим.');
    expect((await app.inject('/content/pages/en/o-nas.md')).body).toContain('We cook.');

    const before = await databaseFingerprint(database.db);
    const taken = await call(
      'POST',
      pages,
      { ...as.owner, 'accept-language': 'en' },
      {
        slug: 'o-nas',
        title: { ru: 'Ещё', en: 'More' },
        body: { ru: '', en: '' },
      },
    );
    expect(taken.statusCode).toBe(422);
    expect(errorsOf(taken)[0]).toMatchObject({ code: 'admin.brand-page-slug-taken', field: 'slug' });
    const badSlug = await call('POST', pages, as.owner, {
      slug: 'О нас',
      title: { ru: 'Ещё', en: 'More' },
      body: { ru: '', en: '' },
    });
    expect(errorsOf(badSlug).map((e) => e.field)).toContain('slug');
    expect(
      (
        await call('POST', pages, as.manager, {
          slug: 'x',
          title: { ru: 'x', en: 'x' },
          body: { ru: '', en: '' },
        })
      ).statusCode,
    ).toBe(403);
    expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);

    const hidden = await call(
      'PATCH',
      `${pages}/${made.id}`,
      { ...as.owner, 'if-match': `"${made.version}"` },
      { isPublished: false },
    );
    expect(hidden.statusCode).toBe(200);
    expect((await app.inject(page('o-nas'))).statusCode).toBe(404);
    const stale = await call(
      'PATCH',
      `${pages}/${made.id}`,
      { ...as.owner, 'if-match': `"${made.version}"` },
      { order: 1 },
    );
    expect(stale.statusCode).toBe(412);

    const shown = await call(
      'PATCH',
      `${pages}/${made.id}`,
      { ...as.owner, 'if-match': String(hidden.headers.etag) },
      { isPublished: true },
    );
    const removed = await call('DELETE', `${pages}/${made.id}`, {
      ...as.owner,
      'if-match': String(shown.headers.etag),
    });
    expect(removed.statusCode).toBe(204);
    expect((await app.inject(page('o-nas'))).statusCode).toBe(404);
    expect((await call('GET', `${pages}/${made.id}`, as.owner)).statusCode).toBe(404);

    const deletion = await lastEntry('brand-page');
    expect(deletion.action).toBe('delete');
    expect((await call('POST', `/api/v1/admin/audit/${deletion.id}/revert`, as.owner)).statusCode).toBe(200);
    expect((await app.inject(page('o-nas'))).body).toContain('Мы готовим.');
    expect(adminBrandPage.parse((await call('GET', `${pages}/${made.id}`, as.owner)).json()).slug).toBe(
      'o-nas',
    );
  });
});

describe('junk on the brand’s calls with an owner’s token', () => {
  it('is a coded, documented refusal, never a 500, and changes nothing', async () => {
    const spec = (await app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const brandPaths = Object.entries(spec.paths).filter(([path]) => path.startsWith('/api/v1/admin/brand'));
    expect(brandPaths.length).toBe(5);
    const page = { title: { ru: 'Д', en: 'D' }, body: { ru: '', en: '' } };
    const bodies: unknown[] = [
      {},
      null,
      [],
      'x',
      { junk: 1 },
      { name: { ru: '', en: '' } },
      { name: { ru: 'x'.repeat(1000), en: 'y' } },
      { theme: { mode: 'neon', primary: '#12345' } },
      { logo: '/media/../secrets.json' },
      { links: { franchise: 'javascript:alert(1)', appStore: null, googlePlay: null, support: null } },
      { features: { auth: ['FAX'], personCount: 1, promoCodes: true, preOrder: true } },
      { defaults: { cityId: -1, deliveryMethod: 'TABLE' } },
      { clients: { googleMapsKey: 'a\u0000b' } },
      { slug: 'dostavka', ...page },
      { slug: '-bad-', ...page },
      { slug: 'x'.repeat(200), ...page },
      { isPublished: 'yes' },
      { order: 1.5 },
      { theme: { mode: 'dark', primary: '#123456' } },
    ];
    const values = ['0', '-1', 'abc', '987654', '1e3', '%20', '9'.repeat(30)];
    const headers = { ...as.owner, 'content-type': 'application/json' };
    const before = await databaseFingerprint(database.db);
    const faults: string[] = [];
    for (const [path, methods] of brandPaths)
      for (const method of Object.keys(methods))
        for (const value of path.includes('{') ? values : ['']) {
          const url = path.replace(/\{[^}]+\}/g, value);
          for (const body of method === 'get' || method === 'delete' ? [undefined] : bodies) {
            const response = await app.inject({
              method: method.toUpperCase() as 'GET' | 'POST' | 'PATCH' | 'DELETE',
              url,
              headers,
              ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
            });
            const where = `${method.toUpperCase()} ${url} ${JSON.stringify(body)?.slice(0, 60)}`;
            if (!(String(response.statusCode) in (methods[method]?.responses ?? {})))
              faults.push(`${where} -> ${response.statusCode} undocumented`);
            if (response.statusCode >= 500) faults.push(`${where} -> ${response.statusCode}`);
            else if (response.statusCode >= 400 && typeof response.json().errors?.[0]?.code !== 'string')
              faults.push(`${where} -> ${response.statusCode} uncoded`);
          }
        }
    expect(faults.slice(0, 10)).toEqual([]);
    expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);
  });
});

describe('the secrets list', () => {
  it('names each secret the server reads with whether it is set, and no answer of the brand’s calls holds a value', async () => {
    const answer = await call('GET', `${url}/secrets`, as.owner);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const secrets = answer.json().secrets as { name: string; present: boolean }[];
    const present = Object.fromEntries(secrets.map((s) => [s.name, s.present]));
    expect(present).toMatchObject({
      AUTH_TOKEN_SECRET: true,
      QUOTE_SECRET: true,
      SMSRU_API_ID: true,
      SMARTCAPTCHA_SERVER_KEY: true,
      YOOKASSA_SHOPS: true,
      S3_SECRET_ACCESS_KEY: true,
      DATABASE_URL: true,
    });
    answers.push(await app.inject('/config.json'), await app.inject('/content/pages/ru/dostavka.md'));
    const values = [...Object.values(SECRET_VALUES), 'yk-secret-value-xyz', 'shop-id-777'];
    if (database.url) values.push(database.url);
    expect(answers.length).toBeGreaterThan(20);
    for (const sent of answers)
      for (const value of values)
        expect(sent.body, `${sent.raw.req.url} holds a secret`).not.toContain(value);
  });
});
