import { normalizePhone } from '@storefront/domain';
import {
  errorBody,
  idTokenHeaders,
  type TokenSet,
  tokenSet,
  vkIdSignInRequest,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../core/api-error.ts';
import {
  createIdTokenVerifier,
  type IdTokenProvider,
  type IdTokenVerifier,
} from '../../integrations/identity/id-token-verifier.ts';
import { createVkIdClient, type VkUser } from '../../integrations/identity/vk-id-client.ts';
import type { AuthRoutesOptions } from './auth.routes.ts';
import { checkClient } from './auth-client.ts';
import { type SocialProfile, signInWithProfile } from './social-sign-in.service.ts';

const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 503: errorBody };

const text = (value: string | null | undefined, max: number) =>
  value && value.trim() !== '' && value.length <= max ? value.trim() : null;

/**
 * VK ID's user as a profile: the phone (VK's login, confirmed by SMS) in our +7 form or none. VK does not say
 * whether the email was confirmed, so it is kept as the new person's contact but never links to anyone.
 */
function vkProfile(user: VkUser): SocialProfile {
  const phone = user.phone ? normalizePhone(user.phone) : undefined;
  const email = text(user.email, 254);
  const avatar = text(user.avatar, 2048);
  return {
    provider: 'VK',
    subject: user.user_id,
    email: email?.includes('@') ? email.toLowerCase() : null,
    emailVerified: false,
    phone: phone?.ok ? phone.phone : null,
    firstName: text(user.first_name, 100),
    lastName: text(user.last_name, 100),
    avatar: avatar?.startsWith('https://') ? avatar : null,
  };
}

/**
 * Sign-in with Google, Apple (their ID token in the X-Id-Token header) and VK ID (code + PKCE exchanged
 * here), answering the same token set as phone sign-in. A method is 403 auth.provider-disabled until the
 * brand has its client id and lists it in features.auth. Every answer is personal (config.auth 'personal': no-store).
 */
export const socialSignInRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, now }) => {
  const { settings, tokens } = app.authentication;
  const timeoutMs = settings.providerTimeoutMs;
  const deps = { db, log: app.log };

  const verifiers: Record<IdTokenProvider, IdTokenVerifier | undefined> = {
    GOOGLE: settings.google.clientId
      ? createIdTokenVerifier(
          'GOOGLE',
          { ...settings.google, clientId: settings.google.clientId, timeoutMs },
          now,
          app.log,
        )
      : undefined,
    APPLE: settings.apple.clientId
      ? createIdTokenVerifier(
          'APPLE',
          { ...settings.apple, clientId: settings.apple.clientId, timeoutMs },
          now,
          app.log,
        )
      : undefined,
  };

  const idTokenRoute = (provider: IdTokenProvider, summary: string) =>
    app.post(
      `/api/v1/sign/in/${provider.toLowerCase()}`,
      {
        config: { auth: 'personal' },
        schema: {
          tags: ['auth'],
          summary,
          headers: idTokenHeaders,
          response: { 200: tokenSet, ...refusals },
        },
      },
      async (request): Promise<TokenSet> => {
        const verifier = verifiers[provider];
        if (!verifier) throw new ApiError(403, 'auth.provider-disabled');
        const token = request.headers['x-id-token']?.trim();
        if (!token) throw new ApiError(401, 'auth.id-token-missing');
        const identity = await verifier.verify(token, request.headers['x-id-token-nonce']);
        const signedIn = await signInWithProfile(
          deps,
          settings.whiteLabel,
          { provider, ...identity, emailVerified: identity.email !== null, phone: null },
          new Date(now()),
        );
        return {
          accessToken: await tokens.sign(signedIn.personId),
          refreshToken: signedIn.refreshToken,
          source: provider,
        };
      },
    );

  idTokenRoute(
    'GOOGLE',
    "Signs in with a Google ID token (header X-Id-Token; no body), checked against Google's keys: RS256, iss accounts.google.com, aud = the brand's googleClientId, exp. The person is found by the token's sub, else linked by verified email (email_verified), else created. Header X-Id-Token-Nonce carries the raw nonce and is required: the token's nonce claim must be its SHA-256 in hex (what the page gave Google).",
  );
  idTokenRoute(
    'APPLE',
    "Signs in with an Apple identity token (header X-Id-Token; no body), checked against Apple's keys: RS256/ES256 by kid, iss https://appleid.apple.com, aud = the brand's appleClientId, exp. Header X-Id-Token-Nonce carries the raw nonce: the token's nonce claim must be its SHA-256 in hex (what the client gave Apple).",
  );

  const vk = settings.vkId.appId
    ? createVkIdClient({ appId: settings.vkId.appId, url: settings.vkId.url, timeoutMs }, app.log)
    : undefined;

  app.post(
    '/1/sign/in/vk-id',
    {
      config: { auth: 'personal' },
      schema: {
        tags: ['auth'],
        summary:
          "Signs in with VK ID: the authorization code is exchanged at VK's /oauth2/auth with the client's PKCE verifier, device_id and state (VK's answer must carry the same state), the user read at /oauth2/user_info. The person is found by VK user id, else linked by phone, else created (VK's email is not known to be verified: it links to no one). The answer includes vkAccessToken (for VK's own logout).",
        body: vkIdSignInRequest,
        response: { 200: tokenSet, ...refusals },
      },
    },
    async (request): Promise<TokenSet> => {
      const { apiKey, ...exchange } = request.body;
      checkClient(settings, apiKey);
      if (!vk) throw new ApiError(403, 'auth.provider-disabled');
      const { accessToken, user } = await vk.signIn(exchange);
      const signedIn = await signInWithProfile(deps, settings.whiteLabel, vkProfile(user), new Date(now()));
      return {
        accessToken: await tokens.sign(signedIn.personId),
        refreshToken: signedIn.refreshToken,
        vkAccessToken: accessToken,
        source: 'VK',
      };
    },
  );
};
