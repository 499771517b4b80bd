import { ApiError } from '../../core/api-error.ts';
import type { CatalogSnapshot } from './catalog-snapshot.ts';

/** The brand a catalog call is about: the one asked for, else the brand this deployment serves. */
export function resolveWhiteLabel(
  snapshot: CatalogSnapshot,
  asked: string | undefined,
  served: string,
): string {
  const whiteLabel = asked ?? served;
  if (!snapshot.whiteLabels.has(whiteLabel)) throw new ApiError(404, 'white-label.not-found', 'whiteLabel');
  return whiteLabel;
}
