import { z } from 'zod';
import { PHONE_INPUT_MAX_LENGTH } from '../auth/phone-sign-in.ts';
import { TOKEN_SOURCES } from '../auth/session-rules.ts';
import { errorBody, id, idParam, whiteLabelId } from './common.ts';

/**
 * The sign-in calls of docs/product.md §7. The phone and the code are plain strings here: the API reads them with
 * normalizePhone and smsCodeIssue, so a customer hears the docs/product.md §5 words ('Укажите корректный номер'),
 * not a schema message.
 */
const apiKey = z.string().min(1).max(200);
/** Empty while bot protection is off. */
const captchaToken = z.string().max(4096);
const phone = z.string().max(PHONE_INPUT_MAX_LENGTH);

/** POST /api/v1/sign/in/phone/code */
export const phoneCodeRequest = z.object({
  apiKey,
  captchaToken,
  mode: z.literal('WEB'),
  phone,
  whiteLabel: whiteLabelId,
});
export type PhoneCodeRequest = z.infer<typeof phoneCodeRequest>;
/** The code went out: when a new one may be asked for, and how many digits to expect. Never the code. */
export const phoneCodeResponse = z.object({
  retryAfter: z.number().int().nonnegative(),
  codeLength: z.number().int().positive(),
});
export type PhoneCodeResponse = z.infer<typeof phoneCodeResponse>;

/** POST /api/v1/sign/in/phone */
export const phoneSignInRequest = z.object({
  apiKey,
  captchaToken,
  code: z.string().max(32),
  phone,
});
export type PhoneSignInRequest = z.infer<typeof phoneSignInRequest>;

/**
 * The headers of POST /api/v1/sign/in/google and /apple (no body): the provider's ID token, and the raw
 * nonce whose SHA-256 (hex) the client gave the provider. Optional here so a missing one is answered with
 * its own code (401 auth.id-token-missing); other headers pass through.
 */
export const idTokenHeaders = z.looseObject({
  'x-id-token': z.string().max(8192).optional(),
  'x-id-token-nonce': z.string().max(512).optional(),
});
export type IdTokenHeaders = z.infer<typeof idTokenHeaders>;

/** RFC 7636 code verifier, docs/product.md §5: 43–128 of letters, digits, '_' and '-'. */
export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9_-]{43,128}$/;

/** POST /1/sign/in/vk-id: what the VK ID redirect or popup gave the storefront, and its PKCE verifier. */
export const vkIdSignInRequest = z.object({
  apiKey,
  code: z.string().min(1).max(4096),
  codeVerifier: z.string().regex(CODE_VERIFIER_PATTERN),
  deviceId: z.string().min(1).max(512),
  redirectUri: z.url({ protocol: /^https?$/ }).max(2048),
  /** The state the storefront generated (docs/product.md §5: 64 characters); VK's answer must carry it back. */
  state: z.string().min(1).max(128),
});
export type VkIdSignInRequest = z.infer<typeof vkIdSignInRequest>;

export const tokenSource = z.enum(TOKEN_SOURCES);
export type { TokenSource } from '../auth/session-rules.ts';

/** docs/product.md §3 'Token set': the answer of every sign-in and of POST /api/v1/sign/refresh. */
export const tokenSet = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  vkAccessToken: z.string().optional(),
  source: tokenSource,
});
export type TokenSet = z.infer<typeof tokenSet>;

/** docs/product.md §3 'Person profile': GET /api/v1/me and GET /api/v1/persons/{personId}/profile. */
export const personDelivery = z.object({
  email: z.string().nullable(),
  personName: z.string().nullable(),
  phone: z.string().nullable(),
});
export const personProfile = z.object({
  id,
  /** Loyalty accounts of the person; none exist yet, so always empty for now. */
  accountIds: z.array(id),
  avatar: z.string().nullable(),
  deliveries: z.array(personDelivery),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  patronymic: z.string().nullable(),
  phone: z.string().nullable(),
});
export type PersonProfile = z.infer<typeof personProfile>;

export const personIdParams = z.object({ personId: idParam });

/** Refusals of the sign-in calls: the docs/product.md §8 body, with the seconds to wait or the tries left when they apply. */
export const signInErrorBody = errorBody.extend({
  retryAfter: z.number().int().nonnegative().optional(),
  attemptsLeft: z.number().int().nonnegative().optional(),
});
export type SignInErrorBody = z.infer<typeof signInErrorBody>;
