import { useCallback, useEffect, useRef, useState } from 'react';
import {
  createWidgetState,
  INITIAL_WIDGET_STATE,
  type WidgetError,
  type WidgetState,
  type WidgetStateMachine,
  type WidgetStateOptions,
} from './social-widget-state.ts';

export interface SocialWidgetStateApi extends WidgetState {
  frameLoaded(): void;
  frameError(kind: Exclude<WidgetError, 'timeout'>): void;
  /** Back to 'loading' with a fresh 5 s timeout, e.g. when the customer presses 'try again'. */
  restart(): void;
}

/**
 * The widget state machine bound to a component: it starts (and its 5 s timeout runs) when the component
 * mounts, and is disposed on unmount so no timer fires into an unmounted component.
 */
export function useSocialWidgetState(
  options: Pick<WidgetStateOptions, 'timeoutMs' | 'loadedDelayMs'> = {},
): SocialWidgetStateApi {
  const { timeoutMs, loadedDelayMs } = options;
  const [state, setState] = useState<WidgetState>(INITIAL_WIDGET_STATE);
  const [generation, setGeneration] = useState(0);
  const machine = useRef<WidgetStateMachine | null>(null);

  useEffect(() => {
    // `generation` is read so that restart() replaces the machine.
    void generation;
    setState(INITIAL_WIDGET_STATE);
    const created = createWidgetState({ timeoutMs, loadedDelayMs, onChange: setState });
    machine.current = created;
    return () => {
      created.dispose();
      if (machine.current === created) machine.current = null;
    };
  }, [timeoutMs, loadedDelayMs, generation]);

  const frameLoaded = useCallback(() => machine.current?.frameLoaded(), []);
  const frameError = useCallback(
    (kind: Exclude<WidgetError, 'timeout'>) => machine.current?.frameError(kind),
    [],
  );
  const restart = useCallback(() => setGeneration((n) => n + 1), []);

  return { status: state.status, error: state.error, frameLoaded, frameError, restart };
}
