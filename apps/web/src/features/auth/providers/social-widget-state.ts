/**
 * The social sign-in widget's state (docs/product.md §4 'Social widget', §9): a frame from the provider loads in
 * the page; until it says it has loaded the widget is 'loading'. Mirrors VK's SDK widget: a 5 s timeout
 * turns loading into not_loaded('timeout'); the load message shows 'loaded' 300 ms later (the delay
 * keeps the placeholder from flickering while the frame paints); an error from the frame turns it into
 * not_loaded at once, even during those 300 ms.
 */

export const WIDGET_TIMEOUT_MS = 5000;
export const WIDGET_LOADED_DELAY_MS = 300;

export type WidgetStatus = 'loading' | 'loaded' | 'not_loaded';
export type WidgetError = 'timeout' | 'internal' | 'auth';
export interface WidgetState {
  status: WidgetStatus;
  error: WidgetError | null;
}

export const INITIAL_WIDGET_STATE: WidgetState = Object.freeze({ status: 'loading', error: null });

type TimerHandle = ReturnType<typeof setTimeout>;

export interface WidgetStateOptions {
  timeoutMs?: number;
  loadedDelayMs?: number;
  onChange?: (state: WidgetState) => void;
}

export interface WidgetStateMachine {
  getState(): WidgetState;
  /** The frame's load message. */
  frameLoaded(): void;
  /** An error message from the frame: 'internal' (the frame broke) or 'auth' (sign-in inside it failed). */
  frameError(kind: Exclude<WidgetError, 'timeout'>): void;
  /** Stops every timer; no transition happens afterwards (the component is gone). */
  dispose(): void;
}

export function createWidgetState({
  timeoutMs = WIDGET_TIMEOUT_MS,
  loadedDelayMs = WIDGET_LOADED_DELAY_MS,
  onChange,
}: WidgetStateOptions = {}): WidgetStateMachine {
  let state: WidgetState = INITIAL_WIDGET_STATE;
  let disposed = false;
  let timeoutTimer: TimerHandle | null = null;
  let loadedTimer: TimerHandle | null = null;

  const stopTimers = () => {
    if (timeoutTimer !== null) clearTimeout(timeoutTimer);
    if (loadedTimer !== null) clearTimeout(loadedTimer);
    timeoutTimer = null;
    loadedTimer = null;
  };
  const moveTo = (next: WidgetState) => {
    if (disposed) return;
    state = next;
    onChange?.(state);
  };
  const fail = (error: WidgetError) => {
    stopTimers();
    moveTo({ status: 'not_loaded', error });
  };

  timeoutTimer = setTimeout(() => {
    timeoutTimer = null;
    fail('timeout');
  }, timeoutMs);

  return {
    getState: () => state,
    frameLoaded() {
      // Only a loading widget can finish loading; once not_loaded the frame is gone (the SDK removes it),
      // and a repeated load message must not restart the delay.
      if (disposed || state.status !== 'loading' || loadedTimer !== null) return;
      if (timeoutTimer !== null) clearTimeout(timeoutTimer);
      timeoutTimer = null;
      loadedTimer = setTimeout(() => {
        loadedTimer = null;
        moveTo({ status: 'loaded', error: null });
      }, loadedDelayMs);
    },
    frameError(kind) {
      if (disposed || state.status === 'not_loaded') return;
      fail(kind);
    },
    dispose() {
      stopTimers();
      disposed = true;
    },
  };
}
