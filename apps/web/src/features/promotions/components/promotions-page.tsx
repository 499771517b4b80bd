import { pickText } from '@storefront/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { AppLink } from '../../../shared/navigation/app-link.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { cx } from '../../../shared/ui/class-names.ts';
import { FallbackImage } from '../../../shared/ui/image.tsx';
import { firstSentence } from './promotion-text.tsx';
import styles from './promotions-page.module.css';
import { usePromotions } from './use-promotions.ts';

const SKELETONS = ['a', 'b', 'c'];

/** /promotions: the promotions running in the chosen restaurant; a card opens the detail over the list. */
export default function PromotionsPage() {
  const { t } = useTranslation('promotions');
  const locale = useLocale();
  const query = usePromotions();
  const promotions = query.data ?? [];

  let body: ReactNode;
  if (query.isError) {
    body = (
      <div className={styles.message} role="alert">
        <p>{t('loadFailed')}</p>
        <Button variant="secondary" loading={query.isFetching} onClick={() => query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  } else if (query.isPending && query.fetchStatus !== 'idle') {
    body = (
      <div aria-busy="true">
        <p role="status" className="visually-hidden">
          {t('loading')}
        </p>
        <ul className={styles.grid} aria-hidden="true">
          {SKELETONS.map((key) => (
            <li key={key} className={styles.skeleton}>
              <span className={styles.skeletonImage} />
              <span className={styles.skeletonLine} />
              <span className={cx(styles.skeletonLine, styles.skeletonShort)} />
            </li>
          ))}
        </ul>
      </div>
    );
  } else if (promotions.length === 0) {
    body = <p className={styles.message}>{t('empty')}</p>;
  } else {
    body = (
      <ul className={styles.grid}>
        {promotions.map((p) => (
          <li key={p.id}>
            <AppLink to={`/promotions/${p.id}`} className={styles.card}>
              <FallbackImage src={p.image} alt="" fallbackSrc="/media/placeholder.svg" />
              <span className={styles.cardText}>
                <span className={styles.cardTitle}>{pickText(p.title, locale)}</span>
                <span className={styles.teaser}>{firstSentence(pickText(p.text, locale))}</span>
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className={styles.page}>
      <h1 className={styles.heading}>{t('title')}</h1>
      {body}
    </section>
  );
}
