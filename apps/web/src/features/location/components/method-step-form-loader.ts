type MethodStepFormModule = typeof import('./method-step-form.tsx');

let loaded: MethodStepFormModule | null = null;
let loading: Promise<MethodStepFormModule> | null = null;

/**
 * Loads the method step's chunk (method-step-form.tsx: the step and its delivery-details form) once; after a
 * failure the next call tries again. The popup asks for it when a city is picked (beside the city's data),
 * and when it opens on the method step.
 */
export function loadMethodStepForm(): Promise<MethodStepFormModule> {
  loading ??= import('./method-step-form.tsx').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The method step's chunk if it has loaded: the popup then renders the step at once, with no loading state. */
export function loadedMethodStepForm(): MethodStepFormModule | null {
  return loaded;
}
