import {
  type CartLine,
  formatMoney,
  type Locale,
  type Minor,
  minor,
  POSITION_COUNT_MAX,
} from '@storefront/domain';
import type { PreflightProblem, PricedPosition } from '@storefront/domain/contracts';
import { cartStore } from '../../../entities/cart/cart-store.ts';
import { IconButton } from '../../../shared/ui/button.tsx';
import { CloseIcon } from '../../../shared/ui/icons.tsx';
import { FallbackImage } from '../../../shared/ui/image.tsx';
import { useCartTexts } from '../cart-namespace.ts';
import styles from './cart-page.module.css';

export interface CartLineViewProps {
  line: CartLine;
  name: string;
  photo: string | null;
  modifierNames: readonly string[];
  /** The server's pricing of this very line (same count), when known. */
  priced: PricedPosition | null;
  problems: readonly PreflightProblem[];
  currency: string;
  locale: Locale;
}

/** One cart line: photo, name, modifiers, − count +, the server-checked sum, remove, and its problem. */
export function CartLineView({
  line,
  name,
  photo,
  modifierNames,
  priced,
  problems,
  currency,
  locale,
}: CartLineViewProps) {
  const { t } = useCartTexts();
  const money = (amount: Minor) => formatMoney(amount, currency, locale);
  const setCount = (count: number) =>
    cartStore.getState().setCount(line.id, line.menu.id, line.modifiers, count);
  const problemId = `cart-line-${line.menu.id}-${line.id}-${line.modifiers.map((m) => m.id).join('-')}-problem`;
  // The promo code's share only: points spent (decision 55) are the whole order's, said in the totals.
  const promoShare = priced?.promoCodes.reduce((total, share) => total + share.amount, 0) ?? 0;
  const promoApplies = priced?.available && promoShare > 0;
  return (
    <li
      className={styles.line}
      data-testid="cart-line"
      aria-describedby={problems.length > 0 ? problemId : undefined}
    >
      <FallbackImage
        src={photo}
        alt=""
        fallbackSrc="/media/placeholder.svg"
        aspectRatio="1 / 1"
        className={styles.linePhoto}
      />
      <div className={styles.lineBody}>
        <div className={styles.lineHead}>
          <h3 className={styles.lineName}>{name}</h3>
          <IconButton
            aria-label={t('lineRemove', { name })}
            onClick={() => cartStore.getState().remove(line)}
            data-testid="line-remove"
          >
            <CloseIcon />
          </IconButton>
        </div>
        {modifierNames.length > 0 && <p className={styles.lineModifiers}>{modifierNames.join(', ')}</p>}
        <div className={styles.lineFoot}>
          <fieldset className={styles.stepper}>
            <legend className="visually-hidden">{t('lineCount', { name })}</legend>
            <button
              type="button"
              onClick={() => setCount(line.count - 1)}
              aria-label={t(line.count === 1 ? 'lineRemoveLast' : 'lineDecrease', { name })}
              data-testid="line-count-decrease"
            >
              −
            </button>
            <output data-testid="line-count">{line.count}</output>
            <button
              type="button"
              onClick={() => setCount(line.count + 1)}
              aria-label={t('lineIncrease', { name })}
              disabled={line.count >= POSITION_COUNT_MAX}
              data-testid="line-count-increase"
            >
              +
            </button>
          </fieldset>
          <p className={styles.lineSum} data-testid="line-sum">
            {priced && !priced.available ? (
              <span className={styles.muted}>{t('lineUnavailable')}</span>
            ) : promoApplies && priced ? (
              <>
                <s className={styles.oldSum}>
                  <span className="visually-hidden">{t('lineOldSum')}: </span>
                  {money(priced.sum)}
                </s>{' '}
                {money(minor(priced.sum - promoShare))}
              </>
            ) : (
              money(priced ? priced.sum : line.sum)
            )}
          </p>
        </div>
        {problems.length > 0 && (
          <div id={problemId} className={styles.lineProblem} role="alert" data-testid="line-problem">
            {problems.map((problem) => (
              <p key={problem.code}>{problem.message}</p>
            ))}
          </div>
        )}
      </div>
    </li>
  );
}
