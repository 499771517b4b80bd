import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FIRST_SCREEN_ATTRIBUTE, FIRST_SCREEN_BOOT_ID } from '@storefront/domain';
import type { BrandConfig, FirstScreenDrawings } from '@storefront/domain/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { escapeHtml } from '../../core/html.ts';
import { jsonForScript, renderShell } from './crawler-html.ts';
import type { PageMeta } from './site.ts';

/**
 * The storefront's server build (decision 44), imported on first use and again whenever the file changes (a
 * rebuilt storefront is served without a restart, as its index.html is), with the file's version for whoever
 * keeps what it drew. Null when there is none: the pages then go out as before, drawn by the browser.
 */
export function firstScreenDrawer(
  file: string,
  log: FastifyBaseLogger,
): () => Promise<(FirstScreenDrawings & { version: string }) | null> {
  let loaded: { version: string; draw: Promise<(FirstScreenDrawings & { version: string }) | null> } | null =
    null;
  return () => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return Promise.resolve(null);
    const version = `${stat.mtimeMs}:${stat.size}`;
    if (loaded?.version !== version) {
      const url = `${pathToFileURL(file).href}?v=${encodeURIComponent(version)}`;
      loaded = {
        version,
        draw: import(url).then(
          (module: Partial<FirstScreenDrawings>) =>
            module.renderFirstScreen && module.renderFirstVisitPopup
              ? {
                  version,
                  renderFirstScreen: module.renderFirstScreen,
                  renderFirstVisitPopup: module.renderFirstVisitPopup,
                }
              : null,
          (error: unknown) => {
            log.warn({ err: error, file }, 'the storefront server build could not be loaded');
            return null;
          },
        ),
      };
    }
    return loaded.draw;
  };
}

/** The brand's colours on `<html>`, as the app sets them (shared/config.tsx), so the drawn page has them too. */
function themeAttributes(theme: BrandConfig['theme']): string {
  const colours = [
    ['--color-primary', theme.primary],
    ['--color-background', theme.background],
    ['--color-surface', theme.surface],
    ['--color-text', theme.text],
  ]
    .filter((pair): pair is [string, string] => typeof pair[1] === 'string')
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return ` data-theme="${escapeHtml(theme.mode)}"${colours ? ` style="${escapeHtml(colours)}"` : ''}`;
}

/**
 * The home page's shell with the customer's first screen inside `<div id="root">` (the app replaces it as it
 * mounts, as it replaces the crawler's text), the boot call's answers after it for the page head, and the
 * brand's colours on `<html>`.
 */
export function firstScreenPage(
  shell: string,
  meta: PageMeta,
  drawn: { markup: string; theme: BrandConfig['theme']; embedded: unknown },
): string {
  const html = renderShell(shell, { ...meta, bodyHtml: drawn.markup }).replace(
    /<html\b/i,
    () => `<html ${FIRST_SCREEN_ATTRIBUTE}${themeAttributes(drawn.theme)}`,
  );
  const script = `<script type="application/json" id="${FIRST_SCREEN_BOOT_ID}">${jsonForScript(drawn.embedded)}</script>`;
  return /<\/body>/i.test(html) ? html.replace(/<\/body>/i, () => `${script}</body>`) : `${html}${script}`;
}

/**
 * The location popup's own styles, inlined for a first visit's page with the popup drawn: they belong to the
 * popup's lazy chunk (the build lists its files on the head's script, `data-first-visit-chunks`), which arrives
 * only with the app. A few KB; the app's link to the same files later changes nothing.
 */
export function firstVisitStyles(shell: string, webDistDir: string): string {
  const listed = /\sdata-first-visit-chunks="([^"]*)"/.exec(shell)?.[1] ?? '';
  const styles: string[] = [];
  for (const file of listed.split(/\s+/)) {
    if (!/^\/assets\/[\w.-]+\.css$/.test(file)) continue;
    try {
      styles.push(readFileSync(join(webDistDir, file), 'utf8').replaceAll('</style', '<\\/style'));
    } catch {
      // A file gone since the build: the popup is drawn without it, and the app brings its own.
    }
  }
  return styles.length > 0 ? `<style>${styles.join('')}</style>` : '';
}
