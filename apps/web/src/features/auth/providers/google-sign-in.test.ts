import type { BrandConfig } from '@storefront/domain/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  GOOGLE_GSI_SRC,
  type GoogleCredentialResponse,
  type GoogleIdApi,
  type GoogleIdConfiguration,
  googleClientId,
  loadGoogleIdentity,
  signInWithGoogle,
} from './google-sign-in.ts';

const brand = (googleClientId: string | null) =>
  ({ clients: { googleClientId } }) as unknown as Pick<BrandConfig, 'clients'>;

/** A stand-in for google.accounts.id that remembers the callback so a test can "sign in". */
function fakeGis() {
  let config: GoogleIdConfiguration | null = null;
  const api = {
    initialize: vi.fn((c: GoogleIdConfiguration) => {
      config = c;
    }),
    renderButton: vi.fn(),
  } satisfies GoogleIdApi;
  const answer = (response: GoogleCredentialResponse) => config?.callback(response);
  return { api, answer, config: () => config };
}

describe('googleClientId', () => {
  it('is null when the brand has none', () => {
    expect(googleClientId(brand(null))).toBeNull();
    expect(googleClientId(brand('  '))).toBeNull();
    expect(googleClientId(brand('123.apps.googleusercontent.com'))).toBe('123.apps.googleusercontent.com');
  });
});

describe('signInWithGoogle', () => {
  it('is disabled without a client id and loads nothing', async () => {
    const load = vi.fn();
    const element = document.createElement('div');
    await expect(signInWithGoogle({ brand: brand(null), element, load })).resolves.toEqual({
      ok: false,
      provider: 'GOOGLE',
      reason: 'disabled',
    });
    expect(load).not.toHaveBeenCalled();
  });

  it('initialises GIS in popup mode with a nonce, renders the button and returns the credential', async () => {
    const gis = fakeGis();
    const element = document.createElement('div');
    const result = signInWithGoogle({
      brand: brand('cid'),
      element,
      load: async () => gis.api,
      nonce: () => 'n'.repeat(43),
      button: { theme: 'outline' },
    });
    await vi.waitFor(() => expect(gis.api.renderButton).toHaveBeenCalledWith(element, { theme: 'outline' }));
    expect(gis.config()).toMatchObject({ client_id: 'cid', nonce: 'n'.repeat(43), ux_mode: 'popup' });
    gis.answer({ credential: 'header.payload.signature', select_by: 'btn' });
    await expect(result).resolves.toEqual({
      ok: true,
      provider: 'GOOGLE',
      idToken: 'header.payload.signature',
      nonce: 'n'.repeat(43),
    });
  });

  it('fails when the script does not load, and when Google answers without a credential', async () => {
    const element = document.createElement('div');
    await expect(
      signInWithGoogle({ brand: brand('cid'), element, load: () => Promise.reject(new Error('offline')) }),
    ).resolves.toEqual({ ok: false, provider: 'GOOGLE', reason: 'failed', message: 'offline' });

    const gis = fakeGis();
    const result = signInWithGoogle({ brand: brand('cid'), element, load: async () => gis.api });
    await vi.waitFor(() => expect(gis.api.initialize).toHaveBeenCalled());
    gis.answer({});
    await expect(result).resolves.toMatchObject({ ok: false, reason: 'failed' });
  });

  it('settles as cancelled when the page stops waiting', async () => {
    const gis = fakeGis();
    const controller = new AbortController();
    const result = signInWithGoogle({
      brand: brand('cid'),
      element: document.createElement('div'),
      load: async () => gis.api,
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(gis.api.renderButton).toHaveBeenCalled());
    controller.abort();
    await expect(result).resolves.toEqual({ ok: false, provider: 'GOOGLE', reason: 'cancelled' });
  });
});

describe('loadGoogleIdentity', () => {
  it('asks for the GIS script and returns google.accounts.id once it is there', async () => {
    const gis = fakeGis();
    const win = window as Window & { google?: unknown };
    const loadScript = vi.fn(async (src: string) => {
      expect(src).toBe(GOOGLE_GSI_SRC);
      win.google = { accounts: { id: gis.api } };
    });
    try {
      await expect(loadGoogleIdentity(document, loadScript)).resolves.toBe(gis.api);
      await expect(loadGoogleIdentity(document, loadScript)).resolves.toBe(gis.api);
      expect(loadScript).toHaveBeenCalledTimes(1);
    } finally {
      delete win.google;
    }
  });

  it('rejects when the script loads but defines nothing, and a later call tries again', async () => {
    const loadScript = vi.fn(async () => {});
    await expect(loadGoogleIdentity(document, loadScript)).rejects.toThrow(/google\.accounts\.id/);
    await expect(loadGoogleIdentity(document, loadScript)).rejects.toThrow();
    expect(loadScript).toHaveBeenCalledTimes(2);
  });

  it('with the real loader: one tag, a failed load removes it, the next call injects it again', async () => {
    const tags = () => document.head.querySelectorAll(`script[src="${GOOGLE_GSI_SRC}"]`);
    const win = window as Window & { google?: unknown };
    const first = loadGoogleIdentity();
    const again = loadGoogleIdentity();
    await vi.waitFor(() => expect(tags()).toHaveLength(1));
    tags()[0]?.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow(/failed to load/);
    await expect(again).rejects.toThrow(/failed to load/);
    expect(tags()).toHaveLength(0);

    const gis = fakeGis();
    const retry = loadGoogleIdentity();
    await vi.waitFor(() => expect(tags()).toHaveLength(1));
    win.google = { accounts: { id: gis.api } };
    tags()[0]?.dispatchEvent(new Event('load'));
    try {
      await expect(retry).resolves.toBe(gis.api);
    } finally {
      delete win.google;
      for (const tag of tags()) tag.remove();
    }
  });
});
