import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppFlags } from '../../entities/app-flags/app-flags-store.ts';
import { useLocation } from '../../shared/navigation/router.tsx';
import { ResponsiveDialog } from '../../shared/ui/dialog.tsx';
import styles from './header.module.css';
import HeaderBonus from './header-bonus.tsx';
import { PrimaryLinks, SecondaryLinks, StoreLinks } from './links.tsx';

/** The navigation panel's dialog: primary and secondary links (loaded when first opened: navigation-panel.tsx). */
export default function NavigationDialog() {
  const { t } = useTranslation('header');
  const { t: common } = useTranslation('common');
  const open = useAppFlags((s) => s.navigationOpen);
  const setOpen = useAppFlags((s) => s.setNavigationOpen);
  const { pathname } = useLocation();
  // Following any link of the panel closes it. Only a change of page: the dialog mounts when first
  // opened (navigation-panel.tsx), and closing it on mount would swallow that first opening.
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (pathname === shownOn.current) return;
    shownOn.current = pathname;
    setOpen(false);
  }, [pathname, setOpen]);
  return (
    <ResponsiveDialog open={open} onOpenChange={setOpen} title={t('navigation')} closeLabel={common('close')}>
      <nav className={styles.panel}>
        <PrimaryLinks className={styles.panelPrimary} withAccount />
        {/* Phones have no header room for the balance: it stands under the profile's link here. */}
        <HeaderBonus variant="panel" />
        <SecondaryLinks />
        <StoreLinks />
      </nav>
    </ResponsiveDialog>
  );
}
