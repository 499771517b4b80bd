import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, SectionLink, Switch, useLocation } from '../shared/navigation.tsx';
import styles from './section-tabs.module.css';

/** A part of a section: its path under the section's, its tab's label (a key of the shell's texts), its screen. */
export interface SectionTab {
  path: string;
  label: string;
  render: () => ReactNode;
}

/**
 * A section of the back office whose parts sit behind tabs (the menu's dishes and groups, the restaurants' hours and
 * zones). Features never import each other: their screens meet in the section's list of tabs. Nested under the
 * shell's route, so paths are relative to the section's; the first tab is where the section opens.
 */
export function SectionTabs({ tabs, label }: { tabs: readonly SectionTab[]; label: string }) {
  const { t } = useTranslation('shell');
  const [location] = useLocation();
  const first = tabs[0];
  return (
    <div className={styles.section}>
      <nav className={styles.tabs} aria-label={t(label)}>
        {tabs.map((tab) => (
          <SectionLink key={tab.path} href={tab.path} location={location} className={styles.tab}>
            {t(tab.label)}
          </SectionLink>
        ))}
      </nav>
      <Switch>
        {tabs.map((tab) => (
          <Route key={tab.path} path={tab.path} nest>
            {tab.render()}
          </Route>
        ))}
        {first && (
          <Route path="/">
            <Redirect to={first.path} replace />
          </Route>
        )}
      </Switch>
    </div>
  );
}
