import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../../core/api-error.ts';

const id = z.union([z.string().min(1).max(64), z.number().int().nonnegative()]).transform(String);
const optionalText = z.string().nullish();

/** VK ID's answers (INTEGRATIONS.md 'VK ID'); fields we do not use are let through. */
const vkError = z.looseObject({ error: z.string(), error_description: z.string().optional() });
const vkTokens = z.looseObject({
  access_token: z.string().min(1).max(8192),
  user_id: id.optional(),
  state: z.string().optional(),
});
const vkUserInfo = z.looseObject({
  user: z.looseObject({
    user_id: id,
    first_name: optionalText,
    last_name: optionalText,
    avatar: optionalText,
    email: optionalText,
    phone: optionalText,
  }),
});
export type VkUser = z.infer<typeof vkUserInfo>['user'];

export interface VkIdExchange {
  code: string;
  codeVerifier: string;
  deviceId: string;
  redirectUri: string;
  state: string;
}

export interface VkIdClient {
  /**
   * Exchanges the code (PKCE) and reads the user. ApiErrors: 401 auth.vk-state-mismatch, 401
   * auth.vk-failed (VK said no: its description goes to the log only), 503 auth.provider-unavailable.
   */
  signIn(input: VkIdExchange): Promise<{ accessToken: string; user: VkUser }>;
}

/**
 * VK ID over HTTP: every call is a POST to {url}/oauth2/…, parameters in the query, secrets (code,
 * access_token) in the form-encoded body, exactly as INTEGRATIONS.md lists them.
 */
export function createVkIdClient(
  settings: { appId: string; url: string; timeoutMs: number },
  log: FastifyBaseLogger,
): VkIdClient {
  const unavailable = (error: unknown, call: string) => {
    log.warn({ err: error, call }, 'VK ID could not be reached');
    return new ApiError(503, 'auth.provider-unavailable');
  };

  async function call(path: string, query: Record<string, string>, body: Record<string, string>) {
    let status: number;
    let raw: string;
    try {
      const response = await fetch(`${settings.url}${path}?${new URLSearchParams(query)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(body).toString(),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      status = response.status;
      raw = await response.text();
    } catch (error) {
      throw unavailable(error, path);
    }
    let answer: unknown;
    try {
      answer = JSON.parse(raw);
    } catch {
      throw unavailable(new Error(`HTTP ${status}, not JSON`), path);
    }
    const refusal = vkError.safeParse(answer);
    if (refusal.success) {
      log.warn(
        { call: path, status, error: refusal.data.error, description: refusal.data.error_description },
        'VK ID refused the sign-in',
      );
      throw new ApiError(401, 'auth.vk-failed');
    }
    if (status >= 500) throw unavailable(new Error(`HTTP ${status}`), path);
    if (status >= 400) {
      log.warn({ call: path, status }, 'VK ID refused the sign-in without an error code');
      throw new ApiError(401, 'auth.vk-failed');
    }
    return answer;
  }

  return {
    async signIn({ code, codeVerifier, deviceId, redirectUri, state }) {
      const exchanged = vkTokens.safeParse(
        await call(
          '/oauth2/auth',
          {
            grant_type: 'authorization_code',
            redirect_uri: redirectUri,
            client_id: settings.appId,
            code_verifier: codeVerifier,
            state,
            device_id: deviceId,
          },
          { code },
        ),
      );
      if (!exchanged.success) {
        log.warn({ call: '/oauth2/auth' }, 'VK ID answered the code exchange in an unknown format');
        throw new ApiError(401, 'auth.vk-failed');
      }
      // The state VK hands back must be the one this sign-in sent (RFC 6749 §10.12, docs/product.md §5).
      if (exchanged.data.state !== state) throw new ApiError(401, 'auth.vk-state-mismatch');
      const accessToken = exchanged.data.access_token;

      const info = vkUserInfo.safeParse(
        await call('/oauth2/user_info', { client_id: settings.appId }, { access_token: accessToken }),
      );
      if (!info.success) {
        log.warn({ call: '/oauth2/user_info' }, 'VK ID answered the user info in an unknown format');
        throw new ApiError(401, 'auth.vk-failed');
      }
      const user = info.data.user;
      if (exchanged.data.user_id !== undefined && exchanged.data.user_id !== user.user_id) {
        log.warn('VK ID named different users in the token and the user info');
        throw new ApiError(401, 'auth.vk-failed');
      }
      return { accessToken, user };
    },
  };
}
