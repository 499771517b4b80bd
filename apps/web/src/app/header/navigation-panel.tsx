import { useTranslation } from 'react-i18next';
import { useAppFlags } from '../../shared/store/app-flags-store.ts';
import { ResponsiveDialog } from '../../shared/ui/dialog.tsx';
import styles from './header.module.css';
import { PrimaryLinks, SecondaryLinks, StoreLinks } from './links.tsx';

/** The navigation panel of narrow screens (SPEC §4 'Popup flags'): primary and secondary links. */
export function NavigationPanel() {
  const { t } = useTranslation('header');
  const { t: common } = useTranslation('common');
  const open = useAppFlags((s) => s.navigationOpen);
  const setOpen = useAppFlags((s) => s.setNavigationOpen);
  const close = () => setOpen(false);
  return (
    <ResponsiveDialog open={open} onOpenChange={setOpen} title={t('navigation')} closeLabel={common('close')}>
      <nav
        className={styles.panel}
        onClick={(event) => (event.target as HTMLElement).closest('a') && close()}
      >
        <PrimaryLinks className={styles.panelPrimary} />
        <SecondaryLinks />
        <StoreLinks />
      </nav>
    </ResponsiveDialog>
  );
}
