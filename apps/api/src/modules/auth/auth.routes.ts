import { normalizePhone, smsCodeIssue } from '@storefront/domain';
import {
  errorBody,
  phoneCodeRequest,
  phoneCodeResponse,
  phoneSignInRequest,
  signInErrorBody,
  type TokenSet,
  tokenSet,
} from '@storefront/domain/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../core/api-error.ts';
import type { Database } from '../../db/client.ts';
import { createCaptchaCheck } from '../../integrations/captcha/captcha-check.ts';
import { createSmsSender } from '../../integrations/sms/sms-senders.ts';
import { bearerToken } from '../../plugins/authentication.ts';
import { checkClient } from './auth-client.ts';
import { type PhoneSignInDeps, requestPhoneCode, signInWithPhoneCode } from './phone-sign-in.service.ts';
import { revokeByToken, rotateRefreshToken, successorKeyFrom } from './refresh-tokens.ts';

export interface AuthRoutesOptions {
  db: Database;
  now: () => number;
}

/**
 * 'Введите номер телефона' / 'Введите код из СМС' for a missing or blank field, ahead of the schema's
 * generic words; anything else about the body is the schema's to answer.
 */
function requireFields(fields: readonly ('phone' | 'code')[]) {
  const codes = { phone: 'phone.required', code: 'sms-code.required' } as const;
  return async (request: FastifyRequest) => {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return;
    for (const field of fields) {
      const value = (body as Record<string, unknown>)[field];
      if (value == null || (typeof value === 'string' && value.trim() === ''))
        throw new ApiError(400, codes[field], field);
    }
  };
}

function readPhone(input: string): string {
  const phone = normalizePhone(input);
  if (!phone.ok) throw new ApiError(400, phone.issue, 'phone');
  return phone.phone;
}

const refusals = { 400: signInErrorBody, 401: errorBody, 403: errorBody, 429: signInErrorBody };

/**
 * Phone sign-in and the token calls of docs/product.md §7: request a code, sign in with it, refresh, sign out.
 * Every answer is personal (config.auth 'personal': no-store).
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, now }) => {
  const { settings, tokens } = app.authentication;
  const captcha = createCaptchaCheck(settings.captcha, app.log);
  const deps: PhoneSignInDeps = {
    db,
    now,
    codeKey: settings.codeKey,
    brandName: settings.brandName,
    sender: createSmsSender(settings.sms, app.log),
    budget: settings.smsBudget,
    log: app.log,
  };
  const successorKey = successorKeyFrom(settings.codeKey);

  app.post(
    '/api/v1/sign/in/phone/code',
    {
      config: { auth: 'personal' },
      schema: {
        tags: ['auth'],
        summary:
          'Sends a 6-digit SMS code to the phone (+7, any usual spelling). One request per 90 s per phone; more than 5 an hour block the phone for an hour. Each client address (IPv6: its /64) and the brand as a whole have hourly budgets across phones (SMS_REQUESTS_PER_CLIENT_HOUR, SMS_REQUESTS_PER_BRAND_HOUR); past them the answer is 429 sms.send-failed with retryAfter. Never answers the code.',
        body: phoneCodeRequest,
        response: { 200: phoneCodeResponse, ...refusals, 502: errorBody, 503: errorBody },
      },
      preValidation: requireFields(['phone']),
    },
    async (request) => {
      const { apiKey, captchaToken, phone: input, whiteLabel } = request.body;
      checkClient(settings, apiKey, whiteLabel);
      const phone = readPhone(input);
      const verdict = await captcha.verify({ token: captchaToken, ip: request.ip, host: request.hostname });
      if (verdict === 'unavailable') throw new ApiError(503, 'captcha.unavailable', 'captchaToken');
      if (verdict === 'failed') throw new ApiError(403, 'captcha.failed', 'captchaToken');
      return requestPhoneCode(deps, settings.whiteLabel, phone, request.ip);
    },
  );

  app.post(
    '/api/v1/sign/in/phone',
    {
      config: { auth: 'personal' },
      schema: {
        tags: ['auth'],
        summary:
          "Signs in with the phone's latest SMS code: the person is found or created by phone, and a token set is answered. The fifth wrong code in a row blocks the phone for an hour.",
        body: phoneSignInRequest,
        response: { 200: tokenSet, ...refusals },
      },
      preValidation: requireFields(['phone', 'code']),
    },
    async (request): Promise<TokenSet> => {
      const { apiKey, code, phone: input } = request.body;
      checkClient(settings, apiKey);
      const phone = readPhone(input);
      const issue = smsCodeIssue(code);
      if (issue) throw new ApiError(400, issue, 'code');
      const signedIn = await signInWithPhoneCode(deps, settings.whiteLabel, phone, code.trim());
      return {
        accessToken: await tokens.sign(signedIn.personId),
        refreshToken: signedIn.refreshToken,
        source: 'PHONE',
      };
    },
  );

  app.post(
    '/api/v1/sign/refresh',
    {
      config: { auth: 'personal' },
      schema: {
        tags: ['auth'],
        summary:
          'Exchanges the refresh token (Authorization: Bearer) for a new token set; the old one stops working. The token just rotated is taken again for 10 s while its successor is unused, and answers that same refresh token (two tabs refreshing at once, decision 42); any other use of a rotated token revokes its whole family (401 auth.refresh-reused).',
        response: { 200: tokenSet, 401: errorBody },
      },
    },
    async (request): Promise<TokenSet> => {
      const token = bearerToken(request);
      if (!token) throw new ApiError(401, 'auth.token-missing');
      const rotated = await rotateRefreshToken(db, settings.whiteLabel, successorKey, token, new Date(now()));
      if (!rotated.ok) throw new ApiError(401, rotated.code);
      return {
        accessToken: await tokens.sign(rotated.personId),
        refreshToken: rotated.refreshToken,
        source: rotated.source,
      };
    },
  );

  app.post(
    '/api/v1/sign/out',
    {
      config: { auth: 'personal' },
      schema: {
        tags: ['auth'],
        summary:
          'Revokes the refresh token (Authorization: Bearer) and its family at once. Access tokens already issued stay valid until they expire (15 minutes).',
        response: { 204: z.null().describe('No content'), 401: errorBody },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request);
      if (!token) throw new ApiError(401, 'auth.token-missing');
      if (!(await revokeByToken(db, settings.whiteLabel, token, new Date(now()))))
        throw new ApiError(401, 'auth.token-invalid');
      return reply.code(204).send(null);
    },
  );
};
