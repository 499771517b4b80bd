import {
  EXTENDED_COOKING_TAG,
  formatMoney,
  type ModifierSelection,
  pickText,
  selectionPrice,
  selectionProblems,
  selectionToCartModifiers,
} from '@storefront/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  menuPositionsQuery,
  restoModifiersQuery,
  restoTimeSlotsQuery,
} from '../../../entities/catalog/catalog-queries.ts';
import { useCurrentLocation } from '../../../entities/location/current-location.tsx';
import { track } from '../../../shared/analytics/track.ts';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { useNavigate, useParams } from '../../../shared/navigation/router.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { ResponsiveDialog } from '../../../shared/ui/dialog.tsx';
import { GalleryViewer } from '../../../shared/ui/gallery-viewer.tsx';
import { FallbackImage } from '../../../shared/ui/image.tsx';
import { addDish, trackedDish } from './add-dish.ts';
import { ModifierPicker } from './modifier-picker.tsx';
import { NutritionLine } from './nutrition-line.tsx';
import styles from './position-layer.module.css';
import { useDishAvailability } from './use-dish-availability.ts';

/**
 * /menus/{menuId}/positions/{positionId} as a top layer over the menu (phones) or home (desktop):
 * photos with the gallery, description, weight, price, modifiers with their limits and a live price.
 * Closing returns to `backTo`; the page underneath keeps its scroll.
 */
/** The dish layer's photo: at most the dialog's width (--dialog-max-width, 56.25rem), the screen's on a phone. */
const DISH_LAYER_SIZES = '(min-width: 56.25rem) 56.25rem, 100vw';

export function PositionLayer({ backTo }: { backTo: string }) {
  const { t } = useTranslation('catalog');
  const locale = useLocale();
  const navigate = useNavigate();
  const { menuId, positionId } = useParams();
  const { resto, menus } = useCurrentLocation();
  const menu = menus.find((m) => String(m.id) === menuId);
  const positions = useQuery({ ...menuPositionsQuery(menu?.id ?? 0), enabled: menu !== undefined });
  const modifiers = useQuery({ ...restoModifiersQuery(resto?.id ?? 0), enabled: resto !== null });
  const slots = useQuery({ ...restoTimeSlotsQuery(resto?.id ?? 0), enabled: resto !== null }).data ?? [];
  const availability = useDishAvailability(slots, resto?.timezone ?? '+03:00');
  const [selection, setSelection] = useState<ModifierSelection>({});
  const [missing, setMissing] = useState<ReadonlySet<number>>(new Set());
  const [galleryAt, setGalleryAt] = useState<number | null>(null);
  const position = positions.data?.find((p) => String(p.id) === positionId);
  const close = () => navigate(backTo);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one view per dish opened, not per render.
  useEffect(() => {
    if (position && resto)
      track({ type: 'dish-viewed', dish: trackedDish(position), currency: resto.currency });
  }, [position?.id, resto?.id]);

  if (!position || !resto) {
    const settled = !menu || positions.isFetched;
    return (
      <ResponsiveDialog
        open
        onOpenChange={(open) => !open && close()}
        title={settled ? t('positionNotFound') : t('choose')}
      >
        {settled && (
          <Button variant="secondary" onClick={close}>
            {t('backToMenu')}
          </Button>
        )}
      </ResponsiveDialog>
    );
  }

  const groups = modifiers.data?.find((m) => m.positionId === position.id)?.modifiers ?? [];
  const total = selectionPrice(position.price, groups, selection);
  const available = availability(position.id);
  const problems = selectionProblems(groups, selection).filter((p) => p.kind === 'too-few');
  const name = pickText(position.name, locale);

  const add = async () => {
    if (problems.length > 0) {
      setMissing(new Set(problems.map((p) => p.groupId)));
      return;
    }
    const chosen = selectionToCartModifiers(groups, selection);
    if (await addDish(position, chosen, groups.length > 0, resto.currency)) close();
  };

  return (
    <ResponsiveDialog
      open
      onOpenChange={(open) => !open && close()}
      title={name}
      closeLabel={t('close')}
      fullHeight
      footer={
        <Button
          variant="primary"
          size="l"
          fullWidth
          onClick={() => void add()}
          disabled={!available.available}
          data-testid="position-add"
        >
          {t('add')} · {formatMoney(total, resto.currency, locale)}
        </Button>
      }
    >
      <div className={styles.layer}>
        <button
          type="button"
          className={styles.photo}
          onClick={() => position.photos.length > 0 && setGalleryAt(0)}
          aria-label={t('photos')}
        >
          <FallbackImage
            src={position.photos[0]}
            alt=""
            fallbackSrc="/media/placeholder.svg"
            loading="eager"
            sizes={DISH_LAYER_SIZES}
          />
        </button>
        <p className={styles.meta}>
          {position.measure && `${position.measure.value} ${t(`unit.${position.measure.unit}`)} · `}
          <strong>{formatMoney(position.price, resto.currency, locale)}</strong>
          {position.isAdult && <span className={styles.badge}>{t('adult')}</span>}
        </p>
        <NutritionLine nutrition={position.nutrition} className={styles.note} />
        {position.tags.some((tag) => tag.code === EXTENDED_COOKING_TAG) && (
          <p className={styles.note}>{t('extendedCooking')}</p>
        )}
        {!available.available && (
          <p className={styles.problem} role="status">
            {available.message}
          </p>
        )}
        <p className={styles.description}>{pickText(position.description, locale)}</p>
        {groups.length > 0 && (
          <ModifierPicker
            groups={groups}
            selection={selection}
            onChange={(next) => {
              setSelection(next);
              setMissing(new Set());
            }}
            currency={resto.currency}
            missing={missing}
          />
        )}
        {missing.size > 0 && (
          <div role="alert" className={styles.problem}>
            {problems
              .filter((p) => missing.has(p.groupId))
              .map((p) => {
                const group = groups.find((g) => g.id === p.groupId);
                return (
                  <p key={p.groupId}>
                    {t('chooseAtLeast', {
                      count: p.minCount,
                      group: group ? pickText(group.nameUi, locale) : '',
                    })}
                  </p>
                );
              })}
          </div>
        )}
      </div>
      <GalleryViewer
        open={galleryAt !== null}
        images={position.photos.map((src) => ({ src, alt: name }))}
        startIndex={galleryAt ?? 0}
        onClose={() => setGalleryAt(null)}
        labels={{
          title: t('galleryTitle'),
          close: t('close'),
          previous: t('galleryPrevious'),
          next: t('galleryNext'),
        }}
      />
    </ResponsiveDialog>
  );
}
