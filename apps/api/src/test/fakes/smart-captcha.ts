import { type FakeServer, json, startFake } from './fake-server.ts';

/** The server key the fake accepts. */
export const FAKE_SMARTCAPTCHA_SERVER_KEY = 'server-key';

/**
 * A fake Yandex SmartCaptcha `POST /validate` (form secret/token/ip): token 'good' passes on shop.example,
 * 'elsewhere' passes on another host, 'broken' gets an HTTP 500, anything else fails; a wrong secret is 403.
 */
export function startFakeSmartCaptcha(): Promise<FakeServer> {
  return startFake((request, body, response) => {
    const form = new URLSearchParams(body);
    if (
      request.method !== 'POST' ||
      request.url !== '/validate' ||
      form.get('secret') !== FAKE_SMARTCAPTCHA_SERVER_KEY
    )
      return json(response, 403, {
        status: 'failed',
        message: 'Authentication failed. Secret has not provided.',
      });
    const token = form.get('token');
    if (token === 'broken') return json(response, 500, {});
    if (token === 'good') return json(response, 200, { status: 'ok', message: '', host: 'shop.example' });
    if (token === 'elsewhere')
      return json(response, 200, { status: 'ok', message: '', host: 'evil.example' });
    json(response, 200, { status: 'failed', message: '', host: '' });
  });
}
