import { describe, expect, it } from 'vitest';
import { loadScriptOnce, ScriptLoadError } from './script-loader.ts';

const SRC = 'https://provider.example/sdk.js';

/** A document of its own per test, so the per-document cache starts empty. jsdom never fetches. */
function freshDocument() {
  return document.implementation.createHTMLDocument('test');
}
const scripts = (doc: Document) => [...doc.head.querySelectorAll('script')].filter((s) => s.src === SRC);

describe('loadScriptOnce', () => {
  it('injects one async tag however many callers ask, and all of them resolve on load', async () => {
    const doc = freshDocument();
    const first = loadScriptOnce(SRC, doc);
    const second = loadScriptOnce(SRC, doc);
    expect(second).toBe(first);
    expect(scripts(doc)).toHaveLength(1);
    expect(scripts(doc)[0]?.async).toBe(true);
    scripts(doc)[0]?.dispatchEvent(new Event('load'));
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
    await loadScriptOnce(SRC, doc);
    expect(scripts(doc)).toHaveLength(1);
  });

  it('a failed load rejects, removes the tag, and the next call tries again', async () => {
    const doc = freshDocument();
    const first = loadScriptOnce(SRC, doc);
    scripts(doc)[0]?.dispatchEvent(new Event('error'));
    await expect(first).rejects.toBeInstanceOf(ScriptLoadError);
    expect(scripts(doc)).toHaveLength(0);

    const retry = loadScriptOnce(SRC, doc);
    expect(retry).not.toBe(first);
    expect(scripts(doc)).toHaveLength(1);
    scripts(doc)[0]?.dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBeUndefined();
  });
});
