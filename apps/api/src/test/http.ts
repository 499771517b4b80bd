import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { StorefrontApp } from '../app.ts';

/** GETs a path and checks status; answers the parsed JSON body. */
export async function getJson(
  app: StorefrontApp,
  url: string,
  status = 200,
  headers: Record<string, string> = {},
): Promise<{ body: unknown; response: LightMyRequestResponse }> {
  const response = await app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, `${url} → ${response.body.slice(0, 300)}`).toBe(status);
  return { body: response.body ? response.json() : undefined, response };
}

/** GETs a path that must succeed and answers its body parsed strictly by the contract. */
export async function getValid<T>(app: StorefrontApp, url: string, contract: z.ZodType<T>): Promise<T> {
  const { body } = await getJson(app, url);
  const parsed = contract.safeParse(body);
  expect(parsed.error?.issues ?? []).toEqual([]);
  return parsed.data as T;
}

/** Asserts the docs/product.md §8 error body and answers its first error. */
export async function expectError(
  app: StorefrontApp,
  url: string,
  status: number,
  code: string,
  headers: Record<string, string> = {},
) {
  const { body, response } = await getJson(app, url, status, headers);
  const errors = (body as { errors: { code: string; message: string; field?: string }[] }).errors;
  expect(errors[0]?.code).toBe(code);
  expect(errors[0]?.message.length).toBeGreaterThan(0);
  expect(response.headers['cache-control']).toBe('no-store');
  return errors[0] as { code: string; message: string; field?: string };
}
