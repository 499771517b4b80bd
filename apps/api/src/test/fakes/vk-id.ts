import type { IncomingMessage } from 'node:http';
import { type FakeServer, json, startFake } from './fake-server.ts';

/** What the fake VK ID answers next: a status and body per call, and an optional delay. */
export interface VkIdBehaviour {
  tokens: (query: URLSearchParams) => [number, unknown];
  userInfo: () => [number, unknown];
  delayMs: number;
}

/**
 * A fake VK ID: `POST /oauth2/auth` (code exchange) and `/oauth2/user_info` answer as the current
 * behaviour says, anything else 404. `onRequest` sees each request's headers.
 */
export function startFakeVkId(
  current: () => VkIdBehaviour,
  onRequest: (headers: IncomingMessage['headers']) => void = () => {},
): Promise<FakeServer> {
  return startFake((request, _body, response) => {
    onRequest(request.headers);
    const url = new URL(request.url ?? '/', 'http://vk');
    const answer = () => {
      const behaviour = current();
      if (url.pathname === '/oauth2/auth') return json(response, ...behaviour.tokens(url.searchParams));
      if (url.pathname === '/oauth2/user_info') return json(response, ...behaviour.userInfo());
      return json(response, 404, { error: 'not_found' });
    };
    const { delayMs } = current();
    if (delayMs > 0) setTimeout(answer, delayMs);
    else answer();
  });
}
