import { type Locale, pickText } from '@storefront/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { restoPromotionsQuery } from '../../../shared/api/catalog-queries.ts';
import { useCurrentLocation } from '../../../shared/current-location.tsx';
import { ResponsiveDialog } from '../../../shared/ui/dialog.tsx';
import { FallbackImage } from '../../../shared/ui/image.tsx';

/** /promotions/{id} as a top layer; `backTo` is where closing returns, and from home it offers 'view all'. */
export function PromotionLayer({ backTo, showViewAll }: { backTo: string; showViewAll: boolean }) {
  const { t, i18n } = useTranslation('promotions');
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ru';
  const navigate = useNavigate();
  const { promotionId } = useParams();
  const { resto } = useCurrentLocation();
  const promotions = useQuery({ ...restoPromotionsQuery(resto?.id ?? 0), enabled: resto !== null });
  const promotion = promotions.data?.find((p) => String(p.id) === promotionId);
  const close = () => navigate(backTo);
  return (
    <ResponsiveDialog
      open
      onOpenChange={(open) => !open && close()}
      title={promotion ? pickText(promotion.title, locale) : t('notFound')}
      closeLabel={t('close')}
      footer={showViewAll ? <Link to="/promotions">{t('viewAll')}</Link> : undefined}
    >
      {promotion && (
        <>
          <FallbackImage src={promotion.image} alt="" fallbackSrc="/media/placeholder.svg" />
          <p style={{ whiteSpace: 'pre-line' }}>{pickText(promotion.text, locale).replaceAll('**', '')}</p>
        </>
      )}
    </ResponsiveDialog>
  );
}
