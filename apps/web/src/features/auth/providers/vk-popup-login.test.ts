import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isVkOrigin,
  openVkPopupLogin,
  type PopupHost,
  popupFeatures,
  readVkPopupMessage,
} from './vk-popup-login.ts';

const STATE = 'S'.repeat(64);
const URL_ = 'https://id.vk.com/authorize?state=x';

class FakePopup {
  closed = false;
  close = vi.fn(() => {
    this.closed = true;
  });
}

/** A window with an EventTarget for 'message', a chosen geometry and an `open` that returns a fake. */
function fakeHost(popup: FakePopup | null = new FakePopup()) {
  const target = new EventTarget();
  const listeners = new Set<unknown>();
  const host = {
    screenX: 100,
    screenY: 50,
    outerWidth: 1400,
    outerHeight: 1000,
    open: vi.fn((_url: string, _name: string, _features: string) => popup),
    addEventListener: vi.fn((type: 'message', listener: (event: MessageEvent) => void) => {
      listeners.add(listener);
      target.addEventListener(type, listener as EventListener);
    }),
    removeEventListener: vi.fn((type: 'message', listener: (event: MessageEvent) => void) => {
      listeners.delete(listener);
      target.removeEventListener(type, listener as EventListener);
    }),
  } satisfies PopupHost;
  const post = (origin: string, data: unknown, source: unknown = popup) =>
    target.dispatchEvent(new MessageEvent('message', { origin, data, source: source as Window }));
  return { host, popup, post, listeners };
}

const good = (over: Record<string, unknown> = {}) => ({
  action: `oauth2_authorize_response${STATE}`,
  payload: { code: 'auth-code', state: STATE, device_id: 'device-1', type: 'code_v2', ...over },
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('openVkPopupLogin', () => {
  it('opens an 800x800 window named vk_id_login centred on the current one', () => {
    const { host } = fakeHost();
    void openVkPopupLogin({ url: URL_, expectedState: STATE, window: host });
    expect(host.open).toHaveBeenCalledWith(URL_, 'vk_id_login', 'width=800,height=800,left=400,top=150');
  });

  it('101 when the browser blocks the window', async () => {
    const { host } = fakeHost(null);
    await expect(openVkPopupLogin({ url: URL_, expectedState: STATE, window: host })).resolves.toEqual({
      ok: false,
      code: 101,
      message: 'cannot open new tab',
    });
    expect(host.addEventListener).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('102 when the window is closed, found by the 1 s poll', async () => {
    const { host, popup, listeners } = fakeHost();
    const settled = vi.fn();
    void openVkPopupLogin({ url: URL_, expectedState: STATE, window: host }).then(settled);
    vi.advanceTimersByTime(500);
    if (popup) popup.closed = true;
    await vi.advanceTimersByTimeAsync(499); // 999 ms: not polled yet
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1); // 1000 ms
    expect(settled).toHaveBeenCalledWith({ ok: false, code: 102, message: 'new tab closed' });
    expect(listeners.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps polling every second while the window stays open', async () => {
    const { host, popup } = fakeHost();
    const settled = vi.fn();
    void openVkPopupLogin({ url: URL_, expectedState: STATE, window: host }).then(settled);
    await vi.advanceTimersByTimeAsync(5000);
    expect(settled).not.toHaveBeenCalled();
    if (popup) popup.closed = true;
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith(expect.objectContaining({ code: 102 }));
  });

  it('succeeds on a good payload and cleans up: listener, interval, popup', async () => {
    const { host, popup, post, listeners } = fakeHost();
    const result = openVkPopupLogin({ url: URL_, expectedState: STATE, window: host });
    post('https://id.vk.com', good());
    await expect(result).resolves.toEqual({
      ok: true,
      code: 'auth-code',
      state: STATE,
      deviceId: 'device-1',
    });
    expect(listeners.size).toBe(0);
    expect(host.removeEventListener).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(popup?.close).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['an error payload', good({ error: 'access_denied', error_description: 'User denied' }), 103],
    ['a foreign state', good({ state: 'other' }), 104],
    ['an action addressed to another state', { ...good(), action: 'oauth2_authorize_response-other' }, 104],
    ['an unknown event type', { action: 'something_else', payload: {} }, 100],
    ['a payload without a code', good({ code: undefined }), 103],
  ])('%s -> %i, with cleanup', async (_name, data, code) => {
    const { host, popup, post, listeners } = fakeHost();
    const result = openVkPopupLogin({ url: URL_, expectedState: STATE, window: host });
    post('https://id.vk.com', data);
    await expect(result).resolves.toMatchObject({ ok: false, code });
    expect(listeners.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(popup?.close).toHaveBeenCalled();
  });

  it('ignores messages from other origins and from windows other than the popup', async () => {
    const { host, post, listeners } = fakeHost();
    const settled = vi.fn();
    void openVkPopupLogin({ url: URL_, expectedState: STATE, window: host }).then(settled);
    post('https://evilvk.com', good());
    post('https://vk.com.evil.io', good());
    post('https://id.vk.com', good(), new FakePopup()); // right origin, another window
    post('https://id.vk.com', good(), null);
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).not.toHaveBeenCalled();
    expect(listeners.size).toBe(1);
    post('https://id.vk.ru', good());
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toHaveBeenCalledWith(expect.objectContaining({ ok: true }));
  });

  it('settles once: a late message after success changes nothing', async () => {
    const { host, post } = fakeHost();
    const result = openVkPopupLogin({ url: URL_, expectedState: STATE, window: host });
    post('https://id.vk.com', good());
    post('https://id.vk.com', good({ state: 'other' }));
    await expect(result).resolves.toMatchObject({ ok: true });
  });
});

describe('isVkOrigin', () => {
  it.each([
    ['https://vk.com', true],
    ['https://vk.ru', true],
    ['https://id.vk.com', true],
    ['https://id.vk.ru', true],
    ['https://login.id.vk.com', true],
    ['https://ID.VK.COM', true],
    ['https://id.vk.com:443', true],
    ['https://evilvk.com', false],
    ['https://evil-vk.ru', false],
    ['https://vk.com.evil.io', false],
    ['https://vk.ru.attacker.com', false],
    ['http://id.vk.com', false],
    ['http://vk.com', false],
    ['null', false],
    ['', false],
    ['vk.com', false],
    ['https://vk.co', false],
    ['https://xn--vk-com', false],
  ])('%s -> %s', (origin, expected) => {
    expect(isVkOrigin(origin)).toBe(expected);
  });
});

describe('readVkPopupMessage', () => {
  it('accepts the flat payload too', () => {
    expect(readVkPopupMessage({ code: 'c', state: STATE, device_id: 'd' }, STATE)).toEqual({
      ok: true,
      code: 'c',
      state: STATE,
      deviceId: 'd',
    });
  });

  it('100 for anything that is not an authorize answer', () => {
    for (const data of [
      null,
      'string',
      42,
      {},
      { hello: 1 },
      { action: 1 },
      { action: 'oauth2_authorize_response' },
    ]) {
      expect(readVkPopupMessage(data, STATE)).toMatchObject({ ok: false, code: 100 });
    }
  });

  it('103 carries the provider description for the log', () => {
    expect(
      readVkPopupMessage({ error: 'server_error', error_description: 'boom', state: STATE }, STATE),
    ).toEqual({
      ok: false,
      code: 103,
      message: 'authorization failed: boom',
    });
  });
});

describe('popupFeatures', () => {
  it('centres on a window that sits on a monitor to the left', () => {
    expect(popupFeatures({ screenX: -1920, screenY: 0, outerWidth: 1920, outerHeight: 1080 })).toBe(
      'width=800,height=800,left=-1360,top=140',
    );
  });
});
