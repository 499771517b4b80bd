import type { Position } from '@storefront/domain/contracts';
import type { TFunction } from 'i18next';
import { cartStore, usePositionCount } from '../../../entities/cart/cart-store.ts';
import { useNavigate } from '../../../shared/navigation/router.tsx';
import { addDish } from './add-dish.ts';
import styles from './cart-control.module.css';

/**
 * The add button that turns into − count +. A dish with modifiers is added from its detail layer, where
 * they are chosen; an 18+ dish asks for the adulthood confirmation first (docs/product.md §2 item 9).
 */
export function CartControl({
  position,
  name,
  hasModifiers,
  disabled,
  currency,
  t,
}: {
  position: Position;
  currency: string;
  name: string;
  hasModifiers: boolean;
  disabled: boolean;
  /** The dish card's `catalog` texts. */
  t: TFunction<'catalog'>;
}) {
  const navigate = useNavigate();
  const count = usePositionCount(position.id, position.menu.id);

  const add = async () => {
    if (hasModifiers) {
      navigate(`/menus/${position.menu.id}/positions/${position.id}`);
      return;
    }
    await addDish(position, [], false, currency);
  };

  if (count === 0 || hasModifiers) {
    return (
      <button
        type="button"
        className={styles.add}
        onClick={() => void add()}
        disabled={disabled}
        // 'Выбрать' shown must be in the name too (WCAG 2.5.3); a lone '+' is a symbol, not a word.
        aria-label={t(hasModifiers ? 'chooseNamed' : 'addNamed', { name })}
        data-testid="add-to-cart"
      >
        {hasModifiers ? t('choose') : '+'}
        {hasModifiers && count > 0 && <span className={styles.badge}>{count}</span>}
      </button>
    );
  }
  return (
    <fieldset className={styles.stepper}>
      <legend className="visually-hidden">{t('inCart', { count })}</legend>
      <button
        type="button"
        onClick={() => cartStore.getState().setCount(position.id, position.menu.id, [], count - 1)}
        aria-label={t('decrease')}
      >
        −
      </button>
      <output aria-live="polite" data-testid="cart-count">
        {count}
      </output>
      <button type="button" onClick={() => void add()} aria-label={t('increase')} disabled={disabled}>
        +
      </button>
    </fieldset>
  );
}
