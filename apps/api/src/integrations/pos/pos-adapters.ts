import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { iikoPosAdapter } from './iiko-pos-adapter.ts';
import type { PosAdapter } from './pos-adapter.ts';

/**
 * The POS adapter of the brand this instance serves: iiko when IIKO_API_LOGINS names the brand, else none
 * (our own board is the kitchen's). One per instance, so its access token is fetched once and shared.
 */
export function buildPosAdapter(config: AppConfig, log: FastifyBaseLogger): PosAdapter | null {
  const { IIKO_API_LOGINS, IIKO_API_URL, IIKO_TIMEOUT_MS } = config.env;
  const brand = config.brand.whiteLabel;
  const apiLogin = Object.hasOwn(IIKO_API_LOGINS, brand) ? IIKO_API_LOGINS[brand] : undefined;
  if (!apiLogin) return null;
  return iikoPosAdapter({
    baseUrl: IIKO_API_URL,
    apiLogin,
    timeoutMs: IIKO_TIMEOUT_MS,
    log: log.child({ integration: 'iiko' }),
  });
}
