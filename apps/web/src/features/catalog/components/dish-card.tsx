import { EXTENDED_COOKING_TAG, formatMoney, type Locale, pickText } from '@storefront/domain';
import type { Position } from '@storefront/domain/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
}

/** A dish in the menu: photo, name, weight, price, markers, and the add / − count + control. */
export function DishCard({ position, currency, hasModifiers, availability }: DishCardProps) {
  const { t, i18n } = useTranslation('catalog');
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ru';
  const name = pickText(position.name, locale);
  const href = `/menus/${position.menu.id}/positions/${position.id}`;
  const extended = position.tags.some((tag) => tag.code === EXTENDED_COOKING_TAG);
  return (
    <article className={styles.card} aria-labelledby={`dish-${position.id}`} data-testid="dish-card">
      <Link to={href} className={styles.photo} tabIndex={-1} aria-hidden="true">
        <FallbackImage src={position.photos[0]} alt="" fallbackSrc="/media/placeholder.svg" />
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
      </Link>
      <div className={styles.body}>
        <h3 id={`dish-${position.id}`} className={styles.name}>
          <Link to={href}>{name}</Link>
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
          />
        </div>
      </div>
    </article>
  );
}
