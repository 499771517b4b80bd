import { marked } from 'marked';

/**
 * A brand page's markdown as HTML, the one way the storefront shows it and the back office previews it: the brand's
 * own text is trusted content, but raw HTML in it is not rendered (every `<` is escaped before parsing), so a page
 * cannot carry a script or a form.
 */
export function renderBrandMarkdown(markdown: string): string {
  return marked.parse(markdown.replace(/</g, '&lt;'), { async: false }) as string;
}

/** A page's title as the storefront reads it: its first heading. */
export const brandMarkdownTitle = (markdown: string): string | undefined =>
  markdown.match(/^#\s+(.+)$/m)?.[1];
