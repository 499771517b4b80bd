import { type SectionTab, SectionTabs } from './section-tabs.tsx';

/** The brand's parts, for its owners: settings (name, colours, links, features), static pages, the server's secrets. */
export const BRAND_TABS: SectionTab[] = [];

/** /admin/brand. */
export function BrandSection({ tabs = BRAND_TABS }: { tabs?: SectionTab[] }) {
  return <SectionTabs tabs={tabs} label="brandSections" />;
}
