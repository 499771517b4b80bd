import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../shared/config.tsx';
import { type CaptchaTokens, invisibleCaptcha, loadSmartCaptcha } from '../providers/smart-captcha.ts';

/** The captcha could not give a token: its message is for the customer. */
export class CaptchaUnavailable extends Error {
  override name = 'CaptchaUnavailable';
}

/**
 * Bot protection for the code request: SmartCaptcha's invisible widget when the brand has a client key,
 * otherwise an empty token (the API then checks nothing). A captcha that cannot load refuses the code
 * request with a message instead of sending a request the API would refuse anyway.
 */
export function useCaptcha(): { token: () => Promise<string>; container: ReactNode } {
  const { t, i18n } = useTranslation('auth');
  const sitekey = useBrand().clients.captchaClientKey;
  const host = useRef<HTMLDivElement>(null);
  const tokens = useRef<Promise<CaptchaTokens> | null>(null);

  useEffect(() => {
    const element = host.current;
    if (!sitekey || !element) return;
    const created = loadSmartCaptcha().then((api) =>
      invisibleCaptcha(api, element, { sitekey, language: i18n.language }),
    );
    // A failed load is reported when a token is asked for, not as an unhandled rejection now.
    created.catch(() => {});
    tokens.current = created;
    return () => {
      tokens.current = null;
      void created.then((captcha) => captcha.dispose()).catch(() => {});
    };
  }, [sitekey, i18n.language]);

  const token = useCallback(async () => {
    if (!sitekey) return '';
    try {
      const captcha = await tokens.current;
      if (!captcha) throw new Error('no captcha');
      return await captcha.next();
    } catch {
      throw new CaptchaUnavailable(t('captchaFailed'));
    }
  }, [sitekey, t]);

  return { token, container: sitekey ? <div ref={host} /> : null };
}
