import { EXTENDED_COOKING_TAG, formatMoney, type Locale, pickText } from '@storefront/domain';
import type { Position } from '@storefront/domain/contracts';
import type { TFunction } from 'i18next';
import { memo } from 'react';
import { AppLink } from '../../../shared/navigation/app-link.tsx';
import { ClockIcon } from '../../../shared/ui/icons.tsx';
import { FallbackImage } from '../../../shared/ui/image.tsx';
import { CartControl } from './cart-control.tsx';
import styles from './dish-card.module.css';
import type { DishAvailability } from './use-dish-availability.ts';

export interface DishCardProps {
  position: Position;
  currency: string;
  hasModifiers: boolean;
  availability: DishAvailability;
  locale: Locale;
  /** The menu's `catalog` texts, passed down: a hook per card cost a cheap phone ~20 ms a menu (decision 31). */
  t: TFunction<'catalog'>;
}

/**
 * The card's width on the page (menu-overview.module.css: two columns, three from 600px, four from 1200px inside
 * the 75rem page): the browser picks the photo's width from it (decision 46).
 */
const DISH_CARD_SIZES = '(min-width: 1200px) 18rem, (min-width: 600px) 33vw, 50vw';

const sameAvailability = (a: DishAvailability, b: DishAvailability) =>
  a.available === b.available && (a.available || b.available || a.message === b.message);

/**
 * A card draws again only when what it shows changed: a menu is drawn a few cards at a time at start
 * (menu-overview.tsx), and redrawing every card drawn before each batch cost a cheap phone ~0.1 s a batch.
 * The cart control subscribes to the cart on its own; the texts come from the menu, which draws again
 * when the language changes.
 */
export const DishCard = memo(
  DishCardContent,
  (before, after) =>
    before.position === after.position &&
    before.currency === after.currency &&
    before.hasModifiers === after.hasModifiers &&
    before.locale === after.locale &&
    before.t === after.t &&
    sameAvailability(before.availability, after.availability),
);

/** A dish in the menu: photo, name, weight, price, markers, and the add / − count + control. */
function DishCardContent({ position, currency, hasModifiers, availability, locale, t }: DishCardProps) {
  const name = pickText(position.name, locale);
  const href = `/menus/${position.menu.id}/positions/${position.id}`;
  const extended = position.tags.some((tag) => tag.code === EXTENDED_COOKING_TAG);
  return (
    <article className={styles.card} aria-labelledby={`dish-${position.id}`} data-testid="dish-card">
      <AppLink to={href} className={styles.photo} tabIndex={-1} aria-hidden="true">
        <FallbackImage
          src={position.photos[0]}
          alt=""
          fallbackSrc="/media/placeholder.svg"
          sizes={DISH_CARD_SIZES}
        />
        <span className={styles.markers}>
          {position.isAdult && (
            <span className={styles.marker} title={t('adultHint')}>
              {t('adult')}
            </span>
          )}
          {extended && (
            <span className={styles.marker} title={t('extendedCooking')}>
              {/* An icon, not the ⏱ emoji: phones without an emoji font drew an empty box. */}
              <ClockIcon size={12} />
              {t('extendedCookingShort')}
            </span>
          )}
        </span>
      </AppLink>
      <div className={styles.body}>
        <h3 id={`dish-${position.id}`} className={styles.name}>
          <AppLink to={href}>{name}</AppLink>
        </h3>
        {position.measure && (
          <p className={styles.measure}>
            {position.measure.value} {t(`unit.${position.measure.unit}`)}
          </p>
        )}
        {extended && <p className="visually-hidden">{t('extendedCooking')}</p>}
        {!availability.available && <p className={styles.unavailable}>{availability.message}</p>}
        <div className={styles.footer}>
          <span className={styles.price}>{formatMoney(position.price, currency, locale)}</span>
          <CartControl
            position={position}
            currency={currency}
            name={name}
            hasModifiers={hasModifiers}
            disabled={!availability.available}
            t={t}
          />
        </div>
      </div>
    </article>
  );
}
