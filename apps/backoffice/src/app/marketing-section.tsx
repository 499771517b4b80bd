import { type SectionTab, SectionTabs } from './section-tabs.tsx';

/** The parts of what the chain offers its customers: promotions (the carousel) and promo codes. */
export const MARKETING_TABS: SectionTab[] = [];

/** /admin/marketing. */
export function MarketingSection({ tabs = MARKETING_TABS }: { tabs?: SectionTab[] }) {
  return <SectionTabs tabs={tabs} label="marketingSections" />;
}
