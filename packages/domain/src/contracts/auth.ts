import { z } from 'zod';
import { PHONE_INPUT_MAX_LENGTH } from '../auth/phone-sign-in.ts';
import { errorBody, id, idParam, whiteLabelId } from './common.ts';

/**
 * The sign-in calls of SPEC §7. The phone and the code are plain strings here: the API reads them with
 * normalizePhone and smsCodeIssue, so a customer hears the SPEC §5 words ('Укажите корректный номер'),
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

export const tokenSource = z.enum(['PHONE', 'APPLE', 'GOOGLE', 'VK']);
export type TokenSource = z.infer<typeof tokenSource>;

/** SPEC §3 'Token set': the answer of every sign-in and of POST /api/v1/sign/refresh. */
export const tokenSet = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  vkAccessToken: z.string().optional(),
  source: tokenSource,
});
export type TokenSet = z.infer<typeof tokenSet>;

/** SPEC §3 'Person profile': GET /api/v1/me and GET /api/v1/persons/{personId}/profile. */
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

/** Refusals of the sign-in calls: the SPEC §8 body, with the seconds to wait or the tries left when they apply. */
export const signInErrorBody = errorBody.extend({
  retryAfter: z.number().int().nonnegative().optional(),
  attemptsLeft: z.number().int().nonnegative().optional(),
});
export type SignInErrorBody = z.infer<typeof signInErrorBody>;
