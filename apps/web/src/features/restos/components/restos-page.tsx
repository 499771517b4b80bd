import { type Locale, pickText } from '@storefront/domain';
import type { Resto } from '@storefront/domain/contracts';
import { useTranslation } from 'react-i18next';
import { appFlagsStore } from '../../../entities/app-flags/app-flags-store.ts';
import { useCurrentLocation } from '../../../entities/location/current-location.tsx';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { AppLink } from '../../../shared/navigation/app-link.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { FallbackImage } from '../../../shared/ui/image.tsx';
import { MethodBadges } from './method-badges.tsx';
import styles from './restos-page.module.css';
import { StatusLine } from './status-line.tsx';
import { useScheduleStatus, useServerNow } from './use-schedule-status.ts';

/** /restos (docs/product.md §2 restos.index): the restaurants of the chosen city as cards. */
export default function RestosPage() {
  const { t } = useTranslation('restos');
  const locale = useLocale();
  const { restos, city } = useCurrentLocation();
  const now = useServerNow();
  const sorted = [...restos].sort((a, b) => a.order - b.order);
  return (
    <section className={styles.page} aria-labelledby="restos-title">
      <header className={styles.header}>
        <h1 id="restos-title" className={styles.title}>
          {t('title')}
        </h1>
        {sorted.length > 0 && (
          <p className={styles.caption}>
            {city ? `${pickText(city.name, locale)} · ` : ''}
            {t('count', { count: sorted.length })}
          </p>
        )}
      </header>
      {sorted.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{t('empty')}</p>
          <p className={styles.caption}>{t('emptyHint')}</p>
          <Button variant="secondary" onClick={() => appFlagsStore.getState().openLocation()}>
            {t('changeAddress')}
          </Button>
        </div>
      ) : (
        <ul className={styles.grid}>
          {sorted.map((resto) => (
            <li key={resto.id}>
              <RestoCard resto={resto} now={now} locale={locale} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The whole card is clickable through the name's link (its ::after covers the card). */
function RestoCard({ resto, now, locale }: { resto: Resto; now: number; locale: Locale }) {
  const status = useScheduleStatus(resto, now);
  return (
    <article className={styles.card}>
      <FallbackImage
        src={resto.photos[0]}
        alt=""
        fallbackSrc="/media/placeholder.svg"
        aspectRatio="16 / 9"
        className={styles.photo}
      />
      <div className={styles.body}>
        <h2 className={styles.name}>
          <AppLink to={`/restos/${resto.id}`} className={styles.link}>
            {pickText(resto.name, locale)}
          </AppLink>
        </h2>
        <p className={styles.street}>{pickText(resto.street, locale)}</p>
        <StatusLine status={status} />
        <MethodBadges resto={resto} />
      </div>
    </article>
  );
}
