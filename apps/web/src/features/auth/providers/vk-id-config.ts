import type { BrandConfig } from '@storefront/domain/contracts';
import { codeChallengeS256, createCodeVerifier, createState } from './pkce.ts';

/**
 * VK ID by the authorization-code flow with PKCE done by this client (docs/product.md §5, §7 'Identity provider';
 * VK ID 'Справочник методов', GET https://id.vk.com/authorize). The provider is moving to id.vk.ru, so
 * the base address is a parameter.
 */
export const VK_ID_BASE_URL = 'https://id.vk.com';
export const VK_ID_DEFAULT_SCOPE = 'vkid.personal_info email phone';
/**
 * RFC 7636 spells the method 'S256'. VK's reference table says 's256' and its web SDK sends lowercase,
 * while its Android example sends 'S256': VK accepts both, and the RFC spelling is the portable one.
 */
export const VK_CODE_CHALLENGE_METHOD = 'S256';

export interface VkAuthorizeParams {
  appId: string | number;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  scope?: string;
  /** Space-separated VK prompt values ('login', 'consent', ...); omitted when empty. */
  prompt?: string;
  /** An external provider VK offers inside its form ('ok_ru', 'mail_ru'); omitted when empty. */
  provider?: string;
  baseUrl?: string;
}

/** The address of VK's authorize page, for a full-page redirect or the 800×800 popup. */
export function vkAuthorizeUrl({
  appId,
  redirectUri,
  state,
  codeChallenge,
  scope = VK_ID_DEFAULT_SCOPE,
  prompt,
  provider,
  baseUrl = VK_ID_BASE_URL,
}: VkAuthorizeParams): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: String(appId),
    redirect_uri: redirectUri,
    state,
    code_challenge: codeChallenge,
    code_challenge_method: VK_CODE_CHALLENGE_METHOD,
    scope,
  });
  if (prompt) query.set('prompt', prompt);
  if (provider) query.set('provider', provider);
  return `${baseUrl.replace(/\/+$/, '')}/authorize?${query}`;
}

/**
 * docs/product.md §5: the provider login is initialised only with a numeric client id. VK app ids are positive
 * integers; '12ab' (which parseInt would accept) and '0' are not.
 */
export function isNumericClientId(id: unknown): boolean {
  if (typeof id === 'number') return Number.isSafeInteger(id) && id > 0;
  return typeof id === 'string' && /^[1-9]\d{0,15}$/.test(id.trim());
}

/** The brand's VK app id when VK sign-in can start: configured and numeric (docs/product.md §5); else null. */
export function vkAppId(brand: Pick<BrandConfig, 'clients'>): string | null {
  const id = brand.clients.vkAppId?.trim();
  return id && isNumericClientId(id) ? id : null;
}

/** docs/product.md §3 'Identity session config'. Field names follow VK's SDK config so its messages read the same. */
export interface VkIdSessionConfig {
  app: string;
  redirectUrl: string;
  scope: string;
  state: string;
  codeVerifier: string;
  codeChallenge: string;
  /** 'redirect' sends the whole page to VK; 'popup' opens the 800×800 window. */
  mode: 'redirect' | 'popup';
  /** How the answer comes back: a redirect to redirectUrl, or a message from the popup. */
  responseMode: 'redirect' | 'callback';
  prompt: string;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * The checks VK's SDK makes before it starts (its validator: 'app' required and a number, 'redirectUrl'
 * required), plus the PKCE fields this client fills in itself. An empty list means the config is usable.
 */
export function checkRequiredParams(config: Partial<Record<keyof VkIdSessionConfig, unknown>>): string[] {
  const errors: string[] = [];
  for (const param of ['app', 'redirectUrl', 'state', 'codeVerifier', 'codeChallenge'] as const) {
    if (isBlank(config[param])) errors.push(`${param} is required parameter`);
  }
  if (!isBlank(config.app) && !isNumericClientId(config.app)) errors.push('app should be number');
  return errors;
}

export interface CreateVkIdSessionConfigOptions {
  appId: string;
  redirectUrl: string;
  mode: VkIdSessionConfig['mode'];
  scope?: string;
  prompt?: string;
}

/** A fresh config: a new verifier, challenge and state for every sign-in attempt. */
export async function createVkIdSessionConfig({
  appId,
  redirectUrl,
  mode,
  scope = VK_ID_DEFAULT_SCOPE,
  prompt = '',
}: CreateVkIdSessionConfigOptions): Promise<VkIdSessionConfig> {
  const codeVerifier = createCodeVerifier();
  return {
    app: appId,
    redirectUrl,
    scope,
    state: createState(),
    codeVerifier,
    codeChallenge: await codeChallengeS256(codeVerifier),
    mode,
    responseMode: mode === 'popup' ? 'callback' : 'redirect',
    prompt,
  };
}

/** A config VK's SDK would refuse: its messages ('{param} is required parameter', 'app should be number'). */
export class VkIdConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
    this.name = 'VkIdConfigError';
  }
}

/** The authorize URL of a config, after the SDK's parameter checks (docs/product.md §5); throws VkIdConfigError. */
export function vkAuthorizeUrlFor(
  config: VkIdSessionConfig,
  options: { baseUrl?: string; provider?: string } = {},
) {
  const problems = checkRequiredParams(config);
  if (problems.length > 0) throw new VkIdConfigError(problems);
  return vkAuthorizeUrl({
    appId: config.app,
    redirectUri: config.redirectUrl,
    state: config.state,
    codeChallenge: config.codeChallenge,
    scope: config.scope,
    prompt: config.prompt,
    ...options,
  });
}

// --- The half of the session that must survive the redirect to VK and back -------------------------

/**
 * What the page needs after VK redirects back: the state to compare and the verifier for the exchange.
 * sessionStorage, not localStorage: it dies with the tab and is not shared with other tabs, so a second
 * tab's sign-in cannot overwrite this one's verifier.
 */
export interface VkIdSession {
  state: string;
  codeVerifier: string;
  redirectUri: string;
  createdAt: number;
}

export const VK_SESSION_STORAGE_KEY = 'vk_id_session';
/** docs/product.md §9: VK's SDK keeps its state and verifier cookies 900 000 ms; an older session is stale. */
export const VK_SESSION_MAX_AGE_MS = 900_000;

export function saveVkSession(session: VkIdSession, storage: Storage = sessionStorage): void {
  storage.setItem(VK_SESSION_STORAGE_KEY, JSON.stringify(session));
}

function isVkIdSession(value: unknown): value is VkIdSession {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.state === 'string' &&
    typeof v.codeVerifier === 'string' &&
    typeof v.redirectUri === 'string' &&
    typeof v.createdAt === 'number'
  );
}

/**
 * Reads the saved session once and deletes it, whatever it holds: a state or verifier used twice
 * would let a replayed redirect through. Stale (over 15 min) or malformed sessions count as none.
 */
export function takeVkSession(
  storage: Storage = sessionStorage,
  now: number = Date.now(),
): VkIdSession | null {
  const raw = storage.getItem(VK_SESSION_STORAGE_KEY);
  storage.removeItem(VK_SESSION_STORAGE_KEY);
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isVkIdSession(parsed)) return null;
  const age = now - parsed.createdAt;
  return age >= 0 && age <= VK_SESSION_MAX_AGE_MS ? parsed : null;
}

// --- The redirect back ---------------------------------------------------------------------------

/** The query VK adds to redirect_uri: code, state, device_id, expires_in; or error, error_description. */
export interface VkRedirectResult {
  code: string | null;
  state: string | null;
  deviceId: string | null;
  expiresIn: number | null;
  error: string | null;
  errorDescription: string | null;
}

/** Null when the URL carries neither a code, an error nor a state: not a return from VK at all. */
export function readVkRedirect(url: URL): VkRedirectResult | null {
  const q = url.searchParams;
  const get = (name: string) => {
    const value = q.get(name);
    return value === null || value === '' ? null : value;
  };
  const result: VkRedirectResult = {
    code: get('code'),
    state: get('state'),
    deviceId: get('device_id'),
    expiresIn: null,
    error: get('error'),
    errorDescription: get('error_description'),
  };
  const expiresIn = Number(get('expires_in'));
  if (get('expires_in') !== null && Number.isFinite(expiresIn)) result.expiresIn = expiresIn;
  if (result.code === null && result.error === null && result.state === null) return null;
  return result;
}

/** What the page sends to POST /1/sign/in/vk-id (with the brand's apiKey). */
export interface VkCodeGrant {
  ok: true;
  code: string;
  deviceId: string;
  codeVerifier: string;
  redirectUri: string;
  state: string;
}

/** docs/product.md §8: 104 state mismatch; 103 authorization failed (an error, or no code came back). */
export type VkRedirectFailure = { ok: false; code: 103 | 104; reason: string };

export function checkVkRedirect(
  result: VkRedirectResult,
  session: VkIdSession | null,
): VkCodeGrant | VkRedirectFailure {
  // An error answer ends the attempt whatever its state: nothing in it can be exchanged.
  if (result.error !== null) {
    return { ok: false, code: 103, reason: result.errorDescription ?? result.error };
  }
  // Without a saved session nothing proves this redirect answers a request of ours (login CSRF).
  if (session === null) return { ok: false, code: 104, reason: 'no saved sign-in session' };
  if (result.state !== session.state) return { ok: false, code: 104, reason: 'state mismatch' };
  if (result.code === null) return { ok: false, code: 103, reason: 'no code in the redirect' };
  if (result.deviceId === null) return { ok: false, code: 103, reason: 'no device_id in the redirect' };
  return {
    ok: true,
    code: result.code,
    deviceId: result.deviceId,
    codeVerifier: session.codeVerifier,
    redirectUri: session.redirectUri,
    state: session.state,
  };
}
