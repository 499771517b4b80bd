import type { LightMyRequestResponse } from 'fastify';
import type { StorefrontApp } from '../app.ts';
import { staffHeaders } from './staff-kit.ts';

/** Helpers of the board tests: staff calls on the app's clock. */

export async function staffCall(
  app: StorefrontApp,
  staffId: number,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
  locale = 'ru',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { ...(await staffHeaders(app, staffId)), 'accept-language': locale },
    ...(payload === undefined ? {} : { payload }),
  });
}

export const orderMove = (
  app: StorefrontApp,
  staffId: number,
  orderId: number,
  action: 'accept' | 'decline' | 'move',
  payload: Record<string, unknown>,
) => staffCall(app, staffId, 'POST', `/api/v1/staff/orders/${orderId}/${action}`, payload);

export const errorCode = (response: LightMyRequestResponse) =>
  (response.json() as { errors?: { code: string }[] }).errors?.[0]?.code ?? String(response.statusCode);
