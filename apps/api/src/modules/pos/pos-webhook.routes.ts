import type { ApiApp } from '../../core/api-module.ts';
import type { PosContext } from './pos-context.ts';

/** POST /api/v1/pos/iiko/webhook: the POS's events (filled in). */
export async function posWebhookRoutes(_app: ApiApp, _opts: { pos: PosContext }) {}
