import { formatMoney, type Locale, type Minor, PROMO_CODE_MAX_LENGTH } from '@storefront/domain';
import type { PreflightProblem, PreflightResponse } from '@storefront/domain/contracts';
import { type FormEvent, useState } from 'react';
import { orderDraftStore, useOrderDraft } from '../../../entities/order-draft/order-draft-store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Field } from '../../../shared/ui/field.tsx';
import { useCartTexts } from '../cart-namespace.ts';
import styles from './cart-page.module.css';

/**
 * The promo code (docs/product.md §2 item 16): apply and remove, and every word about it — refused (the code is
 * dropped, its reason stays), checking, applied with its discount, kept but inactive below its minimum
 * ('add N ₽ more'), and notes that keep it (a per-person limit to be checked after signing in).
 */
export function PromoField({
  answer,
  checking,
  messages,
  currency,
  locale,
}: {
  /** The latest answer, or none yet. */
  answer: PreflightResponse | undefined;
  checking: boolean;
  messages: readonly PreflightProblem[];
  currency: string;
  locale: Locale;
}) {
  const { t } = useCartTexts();
  const promoCode = useOrderDraft((state) => state.promoCode);
  const refusal = useOrderDraft((state) => state.promoRefusal);
  const [text, setText] = useState('');
  const money = (amount: Minor) => formatMoney(amount, currency, locale);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    orderDraftStore.getState().applyPromoCode(text);
    setText('');
  };

  const judged = promoCode && answer?.promoCode?.code.toUpperCase() === promoCode.code.toUpperCase();
  const lines: string[] = [];
  if (refusal) lines.push(t('promoRefused', { code: refusal.promoCode, message: refusal.message }));
  if (promoCode && !judged && checking) lines.push(t('promoChecking'));
  if (promoCode && judged && answer?.promoCode) {
    if (answer.promoCode.active) {
      lines.push(t('promoApplied', { code: promoCode.code, amount: money(answer.promoCode.discount) }));
      if (
        answer.promoCode.maxDiscountAmount !== null &&
        answer.promoCode.discount >= answer.promoCode.maxDiscountAmount
      ) {
        lines.push(t('promoMaxDiscount', { amount: money(answer.promoCode.maxDiscountAmount) }));
      }
    } else {
      lines.push(t('promoInactive', { code: promoCode.code, amount: money(answer.promoCode.amountLeft) }));
    }
  }
  if (promoCode) for (const message of messages) lines.push(message.message);

  return (
    <section className={styles.card} aria-labelledby="cart-promo">
      <h2 id="cart-promo" className={styles.cardTitle}>
        {t('promoLabel')}
      </h2>
      {promoCode ? (
        <div className={styles.promoApplied}>
          <span className={styles.promoCode}>{promoCode.code}</span>
          <Button
            variant="secondary"
            onClick={() => orderDraftStore.getState().removePromoCode()}
            data-testid="promo-remove"
          >
            {t('promoRemove', { code: promoCode.code })}
          </Button>
        </div>
      ) : (
        <form className={styles.promoForm} onSubmit={apply}>
          <Field label={t('promoLabel')} className={styles.promoInput}>
            {(control) => (
              <input
                {...control}
                value={text}
                maxLength={PROMO_CODE_MAX_LENGTH}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                onChange={(event) => {
                  setText(event.target.value);
                  if (refusal) orderDraftStore.getState().clearPromoRefusal();
                }}
                data-testid="promo-input"
              />
            )}
          </Field>
          <Button type="submit" variant="secondary" disabled={!text.trim()} data-testid="promo-apply">
            {t('promoApply')}
          </Button>
        </form>
      )}
      <div aria-live="polite">
        {lines.length > 0 && (
          <div className={refusal ? styles.promoError : styles.promoNote} data-testid="promo-message">
            {lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
