import { DEFAULT_TIMEZONE, localDateAt } from '@storefront/domain';
import type { BonusHistoryEntry } from '@storefront/domain/contracts';
import { useTranslation } from 'react-i18next';
import { pointsOf, usePersonBonus } from '../../../entities/bonus/bonus-query.ts';
import { useCurrentLocation } from '../../../entities/location/current-location.tsx';
import { AppLink } from '../../../shared/navigation/app-link.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import styles from './auth-page.module.css';

/** '2026-05-27' → '27.05' (a date this year or next) or '27.05.2026' (the history's dates). */
const dayMonth = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;
const fullDate = (date: string) => `${dayMonth(date)}.${date.slice(0, 4)}`;

/**
 * The profile's 'Бонусные баллы' (decision 55): the balance, what expires within 30 days, and the history
 * newest first, each row with its order linked. Dates are on the brand's clock (the chosen restaurant's
 * offset), as the midnight the points expire at is. Nothing at all when the brand has no program.
 */
export function ProfileBonus() {
  const { t } = useTranslation('auth');
  const { query, bonus } = usePersonBonus();
  const timezone = useCurrentLocation().resto?.timezone ?? DEFAULT_TIMEZONE;
  if (query.isError) {
    return (
      <section className={styles.bonus} aria-labelledby="profile-bonus" data-testid="profile-bonus">
        <h2 id="profile-bonus" className={styles.bonusTitle}>
          {t('bonusTitle')}
        </h2>
        <p className={styles.error} role="alert">
          {t('bonusFailed')}
        </p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('bonusRetry')}
        </Button>
      </section>
    );
  }
  if (!bonus?.enabled) return null;
  const dateOf = (iso: string) => localDateAt(Date.parse(iso), timezone);
  return (
    <section className={styles.bonus} aria-labelledby="profile-bonus" data-testid="profile-bonus">
      <h2 id="profile-bonus" className={styles.bonusTitle}>
        {t('bonusTitle')}
      </h2>
      <p className={styles.bonusBalance}>
        <span className={styles.hint}>{t('bonusBalanceLabel')} </span>
        <strong data-testid="profile-bonus-balance">
          {t('bonusBalance', { count: pointsOf(bonus.balance) })}
        </strong>
      </p>
      <p className={styles.hint}>
        {t('bonusEarnRate', { earn: bonus.earnPercent, spend: bonus.spendMaxPercent })}
      </p>
      {bonus.expiringSoon.length > 0 && (
        <ul className={styles.bonusExpiring} data-testid="profile-bonus-expiring">
          {bonus.expiringSoon.map((lot) => (
            <li key={lot.expiresAt}>
              {t('bonusExpiring', { count: pointsOf(lot.amount), date: dayMonth(dateOf(lot.expiresAt)) })}
            </li>
          ))}
        </ul>
      )}
      <h3 className={styles.bonusSubtitle}>{t('bonusHistory')}</h3>
      {bonus.history.length === 0 ? (
        <p className={styles.hint}>{t('bonusHistoryEmpty')}</p>
      ) : (
        <ul className={styles.bonusHistory} data-testid="profile-bonus-history">
          {bonus.history.map((entry) => (
            <HistoryRow key={entry.id} entry={entry} date={fullDate(dateOf(entry.at))} />
          ))}
        </ul>
      )}
    </section>
  );
}

function HistoryRow({ entry, date }: { entry: BonusHistoryEntry; date: string }) {
  const { t } = useTranslation('auth');
  const points = pointsOf(Math.abs(entry.amount));
  const signed = entry.amount > 0 ? `+${points}` : entry.amount < 0 ? `−${points}` : '0';
  return (
    <li className={styles.bonusEntry} data-testid="profile-bonus-entry" data-kind={entry.kind}>
      <span className={styles.bonusEntryText}>
        <span>{entry.title}</span>
        <span className={styles.hint}>
          {date}
          {entry.orderId !== null && entry.orderNumber && (
            <>
              {' · '}
              <AppLink to={`/orders/${entry.orderId}`}>
                {t('bonusOrder', { number: entry.orderNumber })}
              </AppLink>
            </>
          )}
          {entry.reason && ` · ${entry.reason}`}
        </span>
      </span>
      <span
        className={entry.amount > 0 ? styles.bonusPlus : styles.bonusMinus}
        data-testid="profile-bonus-amount"
      >
        {signed}
      </span>
    </li>
  );
}
