import { escapeHtml } from '../../core/html.ts';
import type { PageMeta } from './site.ts';

/**
 * JSON inside `<script type="application/ld+json">`: `<` (so no `</script>` or `<!--` can appear), `>`, `&`
 * and the line separators JavaScript once refused are written as \u escapes, which JSON.parse reads back.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Inline markdown of the brand's pages: links keep their text, emphasis marks go; everything escaped. */
function inline(text: string): string {
  return escapeHtml(
    text
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\*\*|__|`/g, ''),
  );
}

/**
 * The brand's information pages (markdown) as plain static markup for crawlers: headings, paragraphs and
 * lists. The storefront renders the same file with `marked` once its scripts run.
 */
export function markdownToHtml(markdown: string): string {
  const out: string[] = [];
  let paragraph: string[] = [];
  let list: { tag: 'ul' | 'ol'; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length > 0) out.push(`<p>${inline(paragraph.join(' '))}</p>`);
    paragraph = [];
    if (list)
      out.push(`<${list.tag}>${list.items.map((i) => `<li>${inline(i)}</li>`).join('')}</${list.tag}>`);
    list = null;
  };
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    if (line === '') {
      flush();
    } else if (heading) {
      flush();
      const level = heading[1]?.length ?? 1;
      out.push(`<h${level}>${inline(heading[2] ?? '')}</h${level}>`);
    } else if (bullet || numbered) {
      const tag = bullet ? 'ul' : 'ol';
      if (paragraph.length > 0 || (list && list.tag !== tag)) flush();
      list ??= { tag, items: [] };
      list.items.push((bullet ?? numbered)?.[1] ?? '');
    } else if (list && raw.startsWith(' ')) {
      list.items[list.items.length - 1] += ` ${line}`;
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return out.join('\n');
}

/** The head tags of one page: title, description, canonical link, Open Graph, JSON-LD. */
function headTags(meta: PageMeta): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    `<meta property="og:type" content="${escapeHtml(meta.type)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(meta.siteName)}" />`,
    `<meta property="og:locale" content="${escapeHtml(meta.ogLocale)}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(meta.image)}" />`] : []),
    ...(meta.jsonLd ? [`<script type="application/ld+json">${jsonForScript(meta.jsonLd)}</script>`] : []),
  ];
  return tags.join('\n    ');
}

/**
 * The storefront's index.html with one page's head tags and its text inside `<div id="root">`. The storefront
 * mounts with createRoot (not hydrateRoot), which replaces that markup: a visitor gets the app as before, the
 * address popup of a first visit included, and a crawler reads the page without running scripts.
 */
export function renderShell(shell: string, meta: PageMeta): string {
  const head = headTags(meta);
  const title = /<title>[\s\S]*?<\/title>/i;
  let html = shell.replace(/<html([^>]*)\blang="[^"]*"/i, `<html$1lang="${escapeHtml(meta.lang)}"`);
  if (title.test(html)) html = html.replace(title, () => head);
  else if (/<\/head>/i.test(html)) html = html.replace(/<\/head>/i, () => `  ${head}\n  </head>`);
  else html = html.replace(/(<!doctype html>)?/i, (doctype) => `${doctype}\n${head}\n`);
  const root = /<div id="root"><\/div>/;
  return root.test(html)
    ? html.replace(root, () => `<div id="root">${meta.bodyHtml}</div>`)
    : html.replace(/<\/body>|$/i, (end) => `<div id="root">${meta.bodyHtml}</div>${end}`);
}
