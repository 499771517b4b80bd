import { formatMoney, type Locale, minor, pickText } from '@storefront/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { menuPositionsQuery } from '../../../shared/api/catalog-queries.ts';
import { useCurrentLocation } from '../../../shared/current-location.tsx';
import { ResponsiveDialog } from '../../../shared/ui/dialog.tsx';
import { FallbackImage } from '../../../shared/ui/image.tsx';

/**
 * /menus/{menuId}/positions/{positionId} as a top layer; closing returns to `backTo` with the scroll
 * kept. The catalog issue adds the gallery, modifiers and the add button.
 */
export function PositionLayer({ backTo }: { backTo: string }) {
  const { t, i18n } = useTranslation('catalog');
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ru';
  const navigate = useNavigate();
  const { menuId, positionId } = useParams();
  const { resto, menus } = useCurrentLocation();
  const menu = menus.find((m) => String(m.id) === menuId);
  const positions = useQuery({ ...menuPositionsQuery(menu?.id ?? 0), enabled: menu !== undefined });
  const position = positions.data?.find((p) => String(p.id) === positionId);
  const close = () => navigate(backTo);
  return (
    <ResponsiveDialog
      open
      onOpenChange={(open) => !open && close()}
      title={position ? pickText(position.name, locale) : t('positionNotFound')}
    >
      {position && resto ? (
        <>
          <FallbackImage
            src={position.photos[0]}
            alt=""
            fallbackSrc="/media/placeholder.svg"
            loading="eager"
          />
          <p>{pickText(position.description, locale)}</p>
          <p>
            <strong>{formatMoney(minor(position.price), resto.currency, locale)}</strong>
            {position.measure && ` · ${position.measure.value} ${t(`unit.${position.measure.unit}`)}`}
          </p>
        </>
      ) : (
        (!menu || positions.isFetched) && (
          <button type="button" onClick={close}>
            {t('backToMenu')}
          </button>
        )
      )}
    </ResponsiveDialog>
  );
}
