import { pickText } from '@storefront/domain';
import { useTranslation } from 'react-i18next';
import { useCurrentLocation } from '../../../entities/location/current-location.tsx';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { AppLink } from '../../../shared/navigation/app-link.tsx';
import { useNavigate, useParams } from '../../../shared/navigation/router.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { ResponsiveDialog } from '../../../shared/ui/dialog.tsx';
import { FallbackImage } from '../../../shared/ui/image.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import styles from './promotion-layer.module.css';
import { LimitedMarkdown, lastDay } from './promotion-text.tsx';
import { promotionTarget, usePromotions } from './use-promotions.ts';

/**
 * /promotions/{id} as a top layer (docs/product.md §2); `backTo` is where closing returns, and from home it offers
 * 'view all'. An id not running in the chosen restaurant gets its own words and a link to the list.
 */
export function PromotionLayer({ backTo, showViewAll }: { backTo: string; showViewAll: boolean }) {
  const { t } = useTranslation('promotions');
  const locale = useLocale();
  const navigate = useNavigate();
  const { promotionId } = useParams();
  const { resto } = useCurrentLocation();
  const query = usePromotions();
  const promotion = query.data?.find((p) => String(p.id) === promotionId);
  const loading = query.isPending && query.fetchStatus !== 'idle';
  const close = () => navigate(backTo);
  const viewAll = (
    <AppLink to="/promotions" className={styles.viewAll}>
      {t('viewAll')}
    </AppLink>
  );

  let title: string;
  let body = null;
  if (promotion) {
    title = pickText(promotion.title, locale);
    body = (
      <div className={styles.content}>
        <FallbackImage
          src={promotion.image}
          alt=""
          fallbackSrc="/media/placeholder.svg"
          loading="eager"
          className={styles.image}
        />
        {promotion.endsAt && (
          <p className={styles.validity}>
            {t('until', { date: lastDay(promotion.endsAt, resto?.timezone, locale) })}
          </p>
        )}
        <div className={styles.text}>
          <LimitedMarkdown text={pickText(promotion.text, locale)} />
        </div>
      </div>
    );
  } else if (loading) {
    title = t('title');
    body = <Spinner size={40} label={t('loading')} className={styles.spinner} />;
  } else if (query.isError) {
    title = t('loadFailed');
    body = (
      <Button variant="secondary" loading={query.isFetching} onClick={() => query.refetch()}>
        {t('retry')}
      </Button>
    );
  } else {
    title = t('notFound');
  }

  const showLink = promotion ? showViewAll : !loading && !query.isError;
  // A promotion linked to a menu or a dish leads there (the back office's link).
  const linked = promotion?.linkMenuId ? (
    <AppLink to={promotionTarget(promotion)} className={styles.viewAll}>
      {t(promotion.linkPositionId ? 'openDish' : 'openMenu')}
    </AppLink>
  ) : null;
  const footer =
    linked || showLink ? (
      <div className={styles.footer}>
        {linked}
        {showLink && viewAll}
      </div>
    ) : undefined;
  return (
    <ResponsiveDialog
      open
      onOpenChange={(open) => !open && close()}
      title={title}
      closeLabel={t('close')}
      footer={footer}
    >
      {body}
    </ResponsiveDialog>
  );
}
