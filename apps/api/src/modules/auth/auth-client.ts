import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../../core/api-error.ts';
import type { AuthSettings } from '../../core/auth-settings.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The storefront identifies itself with the brand's public apiKey (brand.json clients.apiKey) and, when
 * it names one, the brand: 401 auth.api-key-invalid for another key, 403 for another brand.
 */
export function checkClient(settings: AuthSettings, apiKey: string, whiteLabel?: string) {
  if (!timingSafeEqual(digest(apiKey), digest(settings.apiKey)))
    throw new ApiError(401, 'auth.api-key-invalid', 'apiKey');
  if (whiteLabel !== undefined && whiteLabel !== settings.whiteLabel)
    throw new ApiError(403, 'auth.white-label-forbidden', 'whiteLabel');
}
