import type { BrandConfig } from '@storefront/domain/contracts';
import { BrandProvider } from '@storefront/web/src/shared/config.tsx';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BACK_OFFICE_BASE, Router } from '../shared/navigation.tsx';
import { BackOfficeShell } from './back-office-shell.tsx';
import { BACK_OFFICE_SCREENS } from './screens.tsx';

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    // A tablet left on the board all day: answers are refetched when staff come back to the tab.
    defaultOptions: { queries: { retry: 1 } },
  });
}

/** Providers: server data, texts, the brand. */
export function BackOfficeProviders({
  brand,
  i18n,
  queryClient,
  children,
}: {
  brand: BrandConfig;
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

/** The back office in the browser: under /admin on the browser's history. */
export function BackOfficeApp({ brand, i18n }: { brand: BrandConfig; i18n: i18n }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <BackOfficeProviders brand={brand} i18n={i18n} queryClient={queryClient}>
      <Router base={BACK_OFFICE_BASE}>
        <BackOfficeShell screens={BACK_OFFICE_SCREENS} />
      </Router>
    </BackOfficeProviders>
  );
}
