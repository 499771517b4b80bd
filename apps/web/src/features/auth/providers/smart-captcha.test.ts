import { describe, expect, it, vi } from 'vitest';
import {
  CaptchaCancelled,
  invisibleCaptcha,
  loadSmartCaptcha,
  SMART_CAPTCHA_SRC,
  type SmartCaptchaApi,
  type SmartCaptchaParams,
} from './smart-captcha.ts';

/** A SmartCaptcha that records calls; a test plays the service by calling back or firing events. */
function fakeCaptcha() {
  let params: SmartCaptchaParams | null = null;
  const listeners = new Map<string, () => void>();
  const api: SmartCaptchaApi = {
    render: vi.fn((_container, given: SmartCaptchaParams) => {
      params = given;
      return 7;
    }),
    execute: vi.fn(),
    reset: vi.fn(),
    destroy: vi.fn(),
    subscribe: vi.fn((_id, event, callback) => {
      listeners.set(event, callback);
      return () => listeners.delete(event);
    }),
  };
  return {
    api,
    params: () => params,
    answer: (token: string) => params?.callback(token),
    fire: (event: string) => listeners.get(event)?.(),
    listeners,
  };
}

describe('SmartCaptcha, invisible (INTEGRATIONS.md)', () => {
  it('renders one invisible widget with the site key and the interface language', () => {
    const fake = fakeCaptcha();
    invisibleCaptcha(fake.api, document.createElement('div'), { sitekey: 'site-key', language: 'en' });
    expect(fake.params()).toMatchObject({ sitekey: 'site-key', invisible: true, hl: 'en' });
  });

  it('each token comes from a reset and executed widget', async () => {
    const fake = fakeCaptcha();
    const captcha = invisibleCaptcha(fake.api, document.createElement('div'), {
      sitekey: 'k',
      language: 'ru',
    });
    const first = captcha.next();
    expect(fake.api.reset).toHaveBeenCalledWith(7);
    expect(fake.api.execute).toHaveBeenCalledWith(7);
    fake.answer('token-1');
    await expect(first).resolves.toBe('token-1');
    const second = captcha.next();
    fake.answer('token-2');
    await expect(second).resolves.toBe('token-2');
    expect(fake.api.execute).toHaveBeenCalledTimes(2);
  });

  it('a closed challenge or a network error rejects; dispose unsubscribes and destroys', async () => {
    const fake = fakeCaptcha();
    const captcha = invisibleCaptcha(fake.api, document.createElement('div'), {
      sitekey: 'k',
      language: 'ru',
    });
    const closed = captcha.next();
    fake.fire('challenge-hidden');
    await expect(closed).rejects.toBeInstanceOf(CaptchaCancelled);
    const broken = captcha.next();
    fake.fire('network-error');
    await expect(broken).rejects.toThrow('network error');
    captcha.dispose();
    expect(fake.listeners.size).toBe(0);
    expect(fake.api.destroy).toHaveBeenCalledWith(7);
  });

  it('loads the script of the advanced method and needs window.smartCaptcha after it', async () => {
    const load = vi.fn(async () => {});
    await expect(loadSmartCaptcha(document, load)).rejects.toThrow('window.smartCaptcha');
    expect(load).toHaveBeenCalledWith(SMART_CAPTCHA_SRC, document);
    const fake = fakeCaptcha();
    (window as unknown as { smartCaptcha?: SmartCaptchaApi }).smartCaptcha = fake.api;
    await expect(loadSmartCaptcha(document, load)).resolves.toBe(fake.api);
    delete (window as unknown as { smartCaptcha?: SmartCaptchaApi }).smartCaptcha;
  });
});
