/**
 * VK ID sign-in in an 800×800 popup (docs/product.md §4 'Popup login', §8 failures 100–104, §9 popup size and
 * 1 s poll). The popup runs VK's authorize page; when it is done VK posts the result to this window.
 *
 * The message shape is the one VK's own web SDK (@vkid/sdk, src/auth/auth.ts and src/auth/constants.ts)
 * consumes, since VK documents no other for the popup:
 *   event.data = { action: 'oauth2_authorize_response' [+ state],
 *                  payload: { code, state, device_id, type: 'code_v2', expires_in? }
 *                         | { error, error_description?, state? } }
 * A flat { code, state, device_id } without the envelope is accepted as well, so a VK page that posts
 * the payload directly still works. Anything else from VK's origin is 'event not supported' (100), as in
 * the SDK.
 */

export const VK_POPUP_NAME = 'vk_id_login';
export const VK_POPUP_SIZE = 800;
export const VK_POPUP_POLL_MS = 1000;
const OAUTH2_RESPONSE = 'oauth2_authorize_response';

export type VkPopupFailureCode = 100 | 101 | 102 | 103 | 104;

/** Developer-facing messages, the SDK's wording; customers see the words of provider-text-keys.ts instead. */
export const VK_POPUP_MESSAGES: Record<VkPopupFailureCode, string> = {
  100: 'event not supported',
  101: 'cannot open new tab',
  102: 'new tab closed',
  103: 'authorization failed',
  104: 'state mismatch',
};

export type PopupResult =
  | { ok: true; code: string; state: string; deviceId: string }
  | { ok: false; code: VkPopupFailureCode; message: string };

/** What the popup needs of a window; the real `window` fits, and tests pass a small fake. */
export interface PopupWindow {
  readonly closed: boolean;
  close(): void;
}
export interface PopupHost {
  open(url: string, target: string, features: string): PopupWindow | null;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  readonly screenX: number;
  readonly screenY: number;
  readonly outerWidth: number;
  readonly outerHeight: number;
}

/**
 * True only for https origins on vk.com or vk.ru or their subdomains. VK's SDK checks
 * `origin.endsWith('vk.com')`, which 'https://evilvk.com' also passes; comparing the parsed hostname
 * label by label does not.
 */
export function isVkOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  return ['vk.com', 'vk.ru'].some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** window.open features for an 800×800 window centred on the current browser window. */
export function popupFeatures(
  host: Pick<PopupHost, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'>,
): string {
  // Not clamped at 0: on multi-monitor set-ups screen coordinates to the left or above are negative.
  const left = Math.round(host.screenX + (host.outerWidth - VK_POPUP_SIZE) / 2);
  const top = Math.round(host.screenY + (host.outerHeight - VK_POPUP_SIZE) / 2);
  return `width=${VK_POPUP_SIZE},height=${VK_POPUP_SIZE},left=${left},top=${top}`;
}

function failure(code: VkPopupFailureCode, detail?: string): PopupResult {
  return {
    ok: false,
    code,
    message: detail ? `${VK_POPUP_MESSAGES[code]}: ${detail}` : VK_POPUP_MESSAGES[code],
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Turns one message from VK's popup into the result of the attempt. */
export function readVkPopupMessage(data: unknown, expectedState: string): PopupResult {
  if (!isRecord(data)) return failure(100);
  let body: Record<string, unknown> = data;
  if ('action' in data) {
    if (
      typeof data.action !== 'string' ||
      !data.action.startsWith(OAUTH2_RESPONSE) ||
      !isRecord(data.payload)
    ) {
      return failure(100);
    }
    body = data.payload;
    // Newer SDKs put the state in the action too; an answer addressed to another state is not ours.
    const actionState = data.action.slice(OAUTH2_RESPONSE.length);
    if (!('error' in body) && actionState !== '' && actionState !== expectedState) return failure(104);
  } else if (!('code' in body) && !('error' in body)) {
    return failure(100);
  }
  if (body.error !== undefined && body.error !== null) {
    const description = nonEmpty(body.error_description) ? body.error_description : String(body.error);
    return failure(103, description);
  }
  if (body.state !== expectedState) return failure(104);
  if (!nonEmpty(body.code)) return failure(103, 'no code');
  if (!nonEmpty(body.device_id)) return failure(103, 'no device_id');
  return { ok: true, code: body.code, state: expectedState, deviceId: body.device_id };
}

export interface OpenVkPopupLoginOptions {
  /** vkAuthorizeUrl(...) of this attempt. */
  url: string;
  expectedState: string;
  window?: PopupHost;
  pollMs?: number;
}

/**
 * Opens the popup and settles once: with the code grant, or with a failure code. Never rejects. Must be
 * called from a click handler, or the browser blocks the window (101).
 */
export function openVkPopupLogin({
  url,
  expectedState,
  window: host = globalThis.window,
  pollMs = VK_POPUP_POLL_MS,
}: OpenVkPopupLoginOptions): Promise<PopupResult> {
  const popup = host.open(url, VK_POPUP_NAME, popupFeatures(host));
  if (!popup) return Promise.resolve(failure(101));

  return new Promise((resolve) => {
    let done = false;
    const finish = (result: PopupResult) => {
      if (done) return;
      done = true;
      host.removeEventListener('message', onMessage);
      globalThis.clearInterval(timer);
      if (!popup.closed) popup.close();
      resolve(result);
    };
    function onMessage(event: MessageEvent) {
      // Other scripts, frames and extensions post messages too: only VK's origin, from our popup, counts
      // (VK's SDK also requires `source === opener`).
      if (!isVkOrigin(event.origin) || event.source !== popup) return;
      finish(readVkPopupMessage(event.data, expectedState));
    }
    // Browsers fire no event when a popup is closed; polling `closed` is the only portable way.
    const timer = globalThis.setInterval(() => {
      if (popup.closed) finish(failure(102));
    }, pollMs);
    host.addEventListener('message', onMessage);
  });
}
