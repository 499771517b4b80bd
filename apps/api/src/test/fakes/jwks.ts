import type { JWK } from 'jose';
import { type FakeServer, json, startFake } from './fake-server.ts';

/**
 * A fake JWKS endpoint of Google or Apple: every path answers `{keys}` as the provider publishes them, read
 * on each request so a test can rotate the keys.
 */
export function startFakeJwks(keys: () => JWK[]): Promise<FakeServer> {
  return startFake((_request, _body, response) => json(response, 200, { keys: keys() }));
}
