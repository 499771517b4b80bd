import { type LoadScript, loadScriptOnce } from './script-loader.ts';

/**
 * Yandex SmartCaptcha in its invisible mode (INTEGRATIONS.md; the advanced connection method): no 'I am
 * not a robot' box, a challenge only for requests SmartCaptcha finds suspicious. The phone form asks for a
 * token right before requesting an SMS code, which is what bots would spend the brand's money on.
 */
export const SMART_CAPTCHA_SRC = 'https://smartcaptcha.yandexcloud.net/captcha.js?render=onload';

export interface SmartCaptchaParams {
  sitekey: string;
  invisible: boolean;
  hl: string;
  callback: (token: string) => void;
}

export interface SmartCaptchaApi {
  render(container: HTMLElement, params: SmartCaptchaParams): number;
  execute(widgetId?: number): void;
  reset(widgetId?: number): void;
  destroy(widgetId?: number): void;
  subscribe(widgetId: number, event: 'challenge-hidden' | 'network-error', callback: () => void): () => void;
}

type CaptchaWindow = Window & { smartCaptcha?: SmartCaptchaApi };

export async function loadSmartCaptcha(doc: Document = document, loadScript: LoadScript = loadScriptOnce) {
  await loadScript(SMART_CAPTCHA_SRC, doc);
  const api = (doc.defaultView as CaptchaWindow | null)?.smartCaptcha;
  if (!api) throw new Error('SmartCaptcha loaded without window.smartCaptcha');
  return api;
}

export class CaptchaCancelled extends Error {
  override name = 'CaptchaCancelled';
}

export interface CaptchaTokens {
  /** A fresh token (each is valid once, for 5 minutes); rejects when the customer closes the challenge. */
  next(): Promise<string>;
  dispose(): void;
}

/** One invisible widget in `container`, handing out a token per call of next(). */
export function invisibleCaptcha(
  api: SmartCaptchaApi,
  container: HTMLElement,
  { sitekey, language }: { sitekey: string; language: string },
): CaptchaTokens {
  let waiting: { resolve: (token: string) => void; reject: (error: Error) => void } | null = null;
  const settle = (outcome: { token: string } | { error: Error }) => {
    const current = waiting;
    waiting = null;
    if (!current) return;
    if ('token' in outcome) current.resolve(outcome.token);
    else current.reject(outcome.error);
  };
  const widgetId = api.render(container, {
    sitekey,
    invisible: true,
    hl: language,
    callback: (token) => settle({ token }),
  });
  const unsubscribers = [
    api.subscribe(widgetId, 'challenge-hidden', () =>
      settle({ error: new CaptchaCancelled('challenge closed') }),
    ),
    api.subscribe(widgetId, 'network-error', () =>
      settle({ error: new Error('SmartCaptcha network error') }),
    ),
  ];
  return {
    next() {
      settle({ error: new CaptchaCancelled('superseded') });
      return new Promise<string>((resolve, reject) => {
        waiting = { resolve, reject };
        // A token is single use: start from a clean widget every time.
        api.reset(widgetId);
        api.execute(widgetId);
      });
    },
    dispose() {
      settle({ error: new CaptchaCancelled('disposed') });
      for (const unsubscribe of unsubscribers) unsubscribe();
      api.destroy(widgetId);
    },
  };
}
