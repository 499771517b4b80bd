import { PromoCodesScreen } from '../features/promo-codes/components/promo-codes-screen.tsx';
import { PromotionsScreen } from '../features/promotions/components/promotions-screen.tsx';
import { type SectionTab, SectionTabs } from './section-tabs.tsx';

/** The parts of what the chain offers its customers: promotions (the carousel) and promo codes. */
export const MARKETING_TABS: SectionTab[] = [
  { path: '/promotions', label: 'promotions', render: () => <PromotionsScreen /> },
  { path: '/promo-codes', label: 'promoCodes', render: () => <PromoCodesScreen /> },
];

/** /admin/marketing. */
export function MarketingSection({ tabs = MARKETING_TABS }: { tabs?: SectionTab[] }) {
  return <SectionTabs tabs={tabs} label="marketingSections" />;
}
