import { BrandPagesScreen } from '../features/brand-pages/components/brand-pages-screen.tsx';
import { BrandSecretsScreen } from '../features/brand-settings/components/brand-secrets-screen.tsx';
import { BrandSettingsScreen } from '../features/brand-settings/components/brand-settings-screen.tsx';
import { type SectionTab, SectionTabs } from './section-tabs.tsx';

/** The brand's parts, for its owners: settings (name, colours, links, features), static pages, the server's secrets. */
export const BRAND_TABS: SectionTab[] = [
  { path: '/settings', label: 'brandSettings', render: () => <BrandSettingsScreen /> },
  { path: '/pages', label: 'brandPages', render: () => <BrandPagesScreen /> },
  { path: '/secrets', label: 'secrets', render: () => <BrandSecretsScreen /> },
];

/** /admin/brand. */
export function BrandSection({ tabs = BRAND_TABS }: { tabs?: SectionTab[] }) {
  return <SectionTabs tabs={tabs} label="brandSections" />;
}
