/**
 * Injects a third-party script (Google Identity Services, Sign in with Apple JS) once per document.
 * Callers share one promise; a failed load removes the tag and forgets the promise, so the next call
 * (the customer pressing the button again) really tries again instead of reusing a dead tag.
 */

const loads = new WeakMap<Document, Map<string, Promise<void>>>();

export class ScriptLoadError extends Error {
  override name = 'ScriptLoadError';
}

export type LoadScript = (src: string, doc?: Document) => Promise<void>;

export const loadScriptOnce: LoadScript = (src, doc = document) => {
  let bySrc = loads.get(doc);
  if (!bySrc) {
    bySrc = new Map();
    loads.set(doc, bySrc);
  }
  const pending = bySrc.get(src);
  if (pending) return pending;

  const cache = bySrc;
  const promise = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener(
      'error',
      () => {
        script.remove();
        cache.delete(src);
        reject(new ScriptLoadError(`script failed to load: ${src}`));
      },
      { once: true },
    );
    doc.head.append(script);
  });
  cache.set(src, promise);
  return promise;
};
