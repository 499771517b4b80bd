import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '../core/api-error.ts';
import { registerErrorHandler } from './error-handler.ts';

const app = Fastify();
registerErrorHandler(app);
app.get('/plain', async () => {
  throw new ApiError(404, 'route.not-found');
});
app.get('/with-field', async () => {
  throw new ApiError(400, 'phone.required', 'phone');
});
app.get('/with-extra', async () => {
  throw new ApiError(429, 'sms.too-often', undefined, {
    extra: { retryAfter: 60 },
    headers: { 'retry-after': '60' },
  });
});
afterAll(() => app.close());

describe('the error handler', () => {
  it('answers a coded error as {errors:[{code, message}]}, no-store, in the request language', async () => {
    const response = await app.inject({ url: '/plain', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(response.body)).toEqual({
      errors: [{ code: 'route.not-found', message: expect.any(String) }],
    });
  });

  it('names the field when the error has one', async () => {
    const response = await app.inject({ url: '/with-field' });
    expect(Object.keys(response.json().errors[0])).toEqual(['code', 'message', 'field']);
    expect(response.json().errors[0].field).toBe('phone');
  });

  it('puts extra fields beside errors and sends the headers of the error', async () => {
    const response = await app.inject({ url: '/with-extra' });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('60');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatch(
      /^\{"errors":\[\{"code":"sms\.too-often","message":"[^"]+"\}\],"retryAfter":60\}$/,
    );
  });
});
