import { POINT } from '@storefront/domain';
import type { PreflightProblem, PreflightResponse } from '@storefront/domain/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { pointsOf } from '../../../entities/bonus/bonus-query.ts';
import { cartStore } from '../../../entities/cart/cart-store.ts';
import { useCartTexts } from '../cart-namespace.ts';
import styles from './cart-page.module.css';

/** How long the slider rests before the cart is priced again: one preflight per choice, not per step. */
export const BONUS_DEBOUNCE_MS = 400;

/**
 * The points part of the totals (decision 55), all from the preflight's `bonus`: a visitor is asked to sign
 * in; a signed-in customer with points this cart may take gets a switch and a slider (whole points, 0 to the
 * spendable); a promo code the program does not mix says so. What the order earns is always said. The
 * payable itself is the server's (the totals read it from the answer), never worked out here.
 */
export function BonusControl({
  bonus,
  authorised,
  withPromoCode,
  problems,
}: {
  bonus: NonNullable<PreflightResponse['bonus']>;
  authorised: boolean;
  withPromoCode: boolean;
  /** Why the spend was refused (the answer's bonus problems, or the last refusal the cart acted on). */
  problems: readonly Pick<PreflightProblem, 'code' | 'message'>[];
}) {
  const { t } = useCartTexts();
  const chosen = useStore(cartStore, (state) => state.bonusToSpend);
  const signedIn = authorised && bonus.balance !== null;
  const spendable = bonus.spendable;
  const balance = bonus.balance ?? 0;
  const maxPoints = pointsOf(spendable);
  const messagesId = useId();
  const sliderId = useId();

  // The slider's own position while it moves; the cart takes it once the customer rests.
  const [draft, setDraft] = useState(pointsOf(chosen));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    setDraft(pointsOf(chosen));
  }, [chosen]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const commit = (points: number, wait: number) => {
    if (timer.current) clearTimeout(timer.current);
    const apply = () => cartStore.getState().setBonusToSpend(points * POINT);
    if (wait === 0) apply();
    else timer.current = setTimeout(apply, wait);
  };

  const on = chosen > 0;
  const shown = Math.min(draft, maxPoints);
  const notWithPromo = signedIn && withPromoCode && spendable === 0 && balance > 0;

  return (
    <div className={styles.bonus} data-testid="bonus">
      {!signedIn && (
        <p className={styles.muted} data-testid="bonus-sign-in">
          {t('bonusSignIn')}
        </p>
      )}
      {signedIn && (
        <p className={styles.muted} data-testid="bonus-balance">
          {t('bonusBalance', { count: pointsOf(balance) })}
        </p>
      )}
      {notWithPromo && (
        <p className={styles.muted} data-testid="bonus-not-with-promo">
          {t('bonusNotWithPromo')}
        </p>
      )}
      {signedIn && (maxPoints > 0 || on) && (
        <>
          <label className={styles.bonusSwitch}>
            <span>{t('bonusSwitch')}</span>
            <input
              type="checkbox"
              role="switch"
              checked={on}
              aria-checked={on}
              onChange={(event) => commit(event.target.checked ? maxPoints : 0, 0)}
              aria-describedby={problems.length > 0 ? messagesId : undefined}
              data-testid="bonus-switch"
            />
          </label>
          {on && maxPoints > 0 && (
            <div className={styles.bonusSlider}>
              <label htmlFor={sliderId} className="visually-hidden">
                {t('bonusAmount')}
              </label>
              <input
                id={sliderId}
                type="range"
                min={0}
                max={maxPoints}
                step={1}
                value={shown}
                aria-valuetext={t('bonusPoints', { count: shown })}
                onChange={(event) => {
                  const points = Number(event.target.value);
                  setDraft(points);
                  commit(points, BONUS_DEBOUNCE_MS);
                }}
                data-testid="bonus-slider"
              />
              <output htmlFor={sliderId} data-testid="bonus-amount">
                {t('bonusPoints', { count: shown })}
              </output>
            </div>
          )}
        </>
      )}
      {problems.length > 0 && (
        <div id={messagesId} role="alert" data-testid="bonus-problems">
          {problems.map((problem) => (
            <p key={problem.code} className={styles.bonusProblem}>
              {problem.message}
            </p>
          ))}
        </div>
      )}
      {bonus.earn > 0 && (
        <p className={styles.bonusEarn} data-testid="bonus-earn">
          {t('bonusEarn', { count: pointsOf(bonus.earn) })}
        </p>
      )}
    </div>
  );
}
