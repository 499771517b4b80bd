import type { PreflightProblem, PreflightRequest, PreflightResponse } from '@storefront/domain/contracts';
import { useEffect, useRef, useState } from 'react';
import { cartStore } from '../../../entities/cart/cart-store.ts';
import { readPreflight } from '../../../entities/cart/preflight-handling.ts';
import { preflightKey } from '../../../entities/cart/preflight-request.ts';
import { orderDraftStore } from '../../../entities/order-draft/order-draft-store.ts';
import {
  answersLines,
  detectPriceChanges,
  type PriceChange,
  type ShownPricing,
  shownPricing,
} from './price-changes.ts';

/**
 * Acts once on each fresh answer of the current cart: lists prices that changed behind the customer's
 * back, makes the stored cart take the server's prices, and applies the handling table's verdict on the
 * promo code (refused: dropped with its reason; cleared; or its judged state kept in the draft). Points the
 * server would not spend (the balance fell, the cart shrank past the program's share, a promo code came) come
 * down to what this cart may spend, and the reason stays under the points control until the customer
 * chooses again (decision 55).
 */
export function usePreflightAnswer(
  request: PreflightRequest | null,
  answer: PreflightResponse | undefined,
  fresh: boolean,
) {
  const [changes, setChanges] = useState<PriceChange[]>([]);
  const [bonusRefusal, setBonusRefusal] = useState<readonly PreflightProblem[]>([]);
  const refusing = useRef(false);
  const shown = useRef<ShownPricing | null>(null);
  const handled = useRef<PreflightResponse | null>(null);

  useEffect(() => {
    if (!request || !answer || !fresh || handled.current === answer) return;
    const lines = cartStore.getState().positions;
    // An answer for other lines than the cart holds now is about to be replaced: nothing to act on.
    if (!answersLines(lines, answer.positions)) return;
    handled.current = answer;
    const requestKey = JSON.stringify(preflightKey(request, null));
    const promoCode = request.promoCode ?? null;

    const found = detectPriceChanges({
      lines,
      response: answer,
      requestKey,
      promoCode,
      previous: shown.current,
    });
    if (found.length > 0) setChanges(found);
    shown.current = shownPricing(lines, answer, requestKey, promoCode);

    cartStore.getState().applyServerPrices(
      lines.flatMap((line, index) => {
        const priced = answer.positions[index];
        return priced?.available ? [{ line, price: priced.price, modifiers: priced.modifiers }] : [];
      }),
    );

    const reading = readPreflight(answer.problems);
    const cart = cartStore.getState();
    if (
      request.bonusToSpend &&
      cart.bonusToSpend === request.bonusToSpend &&
      reading.bonusProblems.length > 0
    ) {
      setBonusRefusal(reading.bonusProblems);
      refusing.current = true;
      cart.setBonusToSpend(Math.min(request.bonusToSpend, answer.bonus?.spendable ?? 0));
      refusing.current = false;
    }
    const draft = orderDraftStore.getState();
    if (draft.promoCode && draft.promoCode.code === promoCode) {
      if (reading.clearPromo) draft.removePromoCode();
      else if (reading.promoRefusal) {
        draft.removePromoCode({
          code: reading.promoRefusal.code,
          message: reading.promoRefusal.message,
          promoCode: draft.promoCode.code,
        });
      } else if (answer.promoCode) {
        draft.updatePromoCode({
          code: draft.promoCode.code,
          active: answer.promoCode.active,
          maxDiscountAmount: answer.promoCode.maxDiscountAmount,
          minOrderAmount: answer.promoCode.minOrderAmount,
        });
      }
    }
  }, [request, answer, fresh]);

  // A choice of the customer's own (the switch, the slider) is a new question: the old refusal goes.
  useEffect(() => {
    let before = cartStore.getState().bonusToSpend;
    return cartStore.subscribe((state) => {
      if (state.bonusToSpend === before) return;
      before = state.bonusToSpend;
      if (!refusing.current) setBonusRefusal([]);
    });
  }, []);

  return { changes, dismissChanges: () => setChanges([]), bonusRefusal };
}
