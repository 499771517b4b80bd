import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { PosAdapter } from './pos-adapter.ts';

/**
 * The POS adapter of the brand this instance serves: iiko when IIKO_API_LOGINS names the brand, else none
 * (our own board is the kitchen's). One per instance, so its access token is fetched once and shared.
 */
export function buildPosAdapter(_config: AppConfig, _log: FastifyBaseLogger): PosAdapter | null {
  return null;
}
