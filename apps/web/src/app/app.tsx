import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { applyBrandToDocument, BrandProvider, type StorefrontBrand } from '../shared/config.tsx';
import { localeOf } from '../shared/i18n/use-locale.ts';
import { Root } from './root.tsx';

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
  });
}

/** Providers around the router: server data, texts, the brand. */
export function App({
  brand,
  i18n,
  queryClient: seeded,
}: {
  brand: StorefrontBrand;
  i18n: i18n;
  /** A client the start already filled (seed-boot-queries.ts); a new one otherwise. */
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => seeded ?? makeQueryClient());
  useEffect(() => {
    const onLanguage = (language: string) => applyBrandToDocument(brand, localeOf(language));
    i18n.on('languageChanged', onLanguage);
    return () => i18n.off('languageChanged', onLanguage);
  }, [brand, i18n]);
  return (
    <AppProviders brand={brand} i18n={i18n} queryClient={queryClient}>
      {/* The router needs no provider: it reads the browser's history (shared/navigation/router.tsx). */}
      <Root />
    </AppProviders>
  );
}

/** Server data, texts and the brand: what every part of the app reads (the server's drawings too). */
export function AppProviders({
  brand,
  i18n,
  queryClient,
  children,
}: {
  brand: StorefrontBrand;
  i18n: i18n;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <BrandProvider brand={brand}>{children}</BrandProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
