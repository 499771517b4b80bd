import { useTranslation } from 'react-i18next';
import { pointsOf, usePersonBonus } from '../../entities/bonus/bonus-query.ts';
import { AppLink } from '../../shared/navigation/app-link.tsx';
import styles from './header.module.css';

/**
 * The signed-in person's points beside the profile entry (decision 55), leading to the profile with its
 * history. A lazy chunk of its own: the session and its query come after the first screen, and only to a
 * browser that keeps a session (header.tsx). Nothing for a visitor or a brand without a program.
 */
export default function HeaderBonus({ variant }: { variant: 'header' | 'panel' }) {
  const { t } = useTranslation('header');
  const { bonus } = usePersonBonus();
  if (!bonus?.enabled) return null;
  const count = pointsOf(bonus.balance);
  return (
    <AppLink
      to="/auth"
      className={variant === 'header' ? styles.points : styles.panelPoints}
      aria-label={t('pointsLink', { count })}
      data-testid={variant === 'header' ? 'header-points' : 'panel-points'}
    >
      {t('points', { count })}
    </AppLink>
  );
}
