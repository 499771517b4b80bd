import type { Locale } from '@storefront/domain';
import type { BrandConfig, BrandPageLink, PublicConfig } from '@storefront/domain/contracts';
import { createContext, type ReactNode, useContext } from 'react';
import { apiUrl, setApiBase } from './api-base.ts';
import { CONFIG_PATH } from './config-path.ts';
import { prefetchedOrFetch } from './prefetch/prefetched-answers.ts';

/** The brand as the app reads it: its settings and, from /config.json, its published pages (none in a bare setup). */
export type StorefrontBrand = BrandConfig & { pages?: readonly BrandPageLink[] };

const BrandContext = createContext<StorefrontBrand | null>(null);
const NO_PAGES: readonly BrandPageLink[] = [];

/**
 * Fetches the brand's public configuration: one storefront build serves any brand. The server
 * validated it against the brandConfig contract at start, so the browser does not ship zod for it.
 * It always comes from the storefront's own origin; its apiBase says where the API is (decision 25).
 */
export async function fetchBrandConfig(): Promise<PublicConfig> {
  // The page head asked for it already when its script ran first (head-prefetch.ts).
  const response = await prefetchedOrFetch(CONFIG_PATH, '', () =>
    fetch(CONFIG_PATH, { headers: { accept: 'application/json' } }),
  );
  if (!response.ok) throw new Error(`${CONFIG_PATH}: ${response.status} ${response.statusText}`);
  return (await response.json()) as PublicConfig;
}

/**
 * Points the API client at the configured base and resolves the brand's pictures (logo, favicon: paths
 * under the API's /media) against it. '' or a missing apiBase keeps everything on this origin.
 */
export function applyApiBase(config: PublicConfig): PublicConfig {
  setApiBase(config.apiBase);
  return { ...config, logo: apiUrl(config.logo), favicon: apiUrl(config.favicon) };
}

export function BrandProvider({ brand, children }: { brand: StorefrontBrand; children: ReactNode }) {
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}

export function useBrand(): StorefrontBrand {
  const brand = useContext(BrandContext);
  if (!brand) throw new Error('useBrand() outside <BrandProvider>');
  return brand;
}

/** The brand's published pages in its order (decision 50): the secondary navigation and the page routes. */
export function useBrandPages(): readonly BrandPageLink[] {
  return useBrand().pages ?? NO_PAGES;
}

/** Applies the brand's colours, title and favicon to the document. */
export function applyBrandToDocument(brand: BrandConfig, locale: Locale) {
  const root = document.documentElement;
  root.dataset.theme = brand.theme.mode;
  root.style.setProperty('--color-primary', brand.theme.primary);
  if (brand.theme.background) root.style.setProperty('--color-background', brand.theme.background);
  if (brand.theme.surface) root.style.setProperty('--color-surface', brand.theme.surface);
  if (brand.theme.text) root.style.setProperty('--color-text', brand.theme.text);
  document.title = brand.name[locale] ?? brand.name.ru;
  let icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = document.createElement('link');
    icon.rel = 'icon';
    document.head.append(icon);
  }
  icon.href = brand.favicon;
}
