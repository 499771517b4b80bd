import {
  type CartLine,
  cartTotals,
  formatMoney,
  type Locale,
  type Minor,
  minor,
  PERSON_COUNT_MAX,
  PERSON_COUNT_MIN,
  pickText,
} from '@storefront/domain';
import type { PricedPosition } from '@storefront/domain/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { appFlagsStore } from '../../../entities/app-flags/app-flags-store.ts';
import { shownDish } from '../../../entities/cart/cart-line-label.ts';
import { type CartPosition, cartStore } from '../../../entities/cart/cart-store.ts';
import { readPreflight } from '../../../entities/cart/preflight-handling.ts';
import { useCartPreflight } from '../../../entities/cart/preflight-query.ts';
import { menuPositionsQuery, restoModifiersQuery } from '../../../entities/catalog/catalog-queries.ts';
import { serverNow } from '../../../entities/clock/clock-store.ts';
import { useCurrentLocation } from '../../../entities/location/current-location.tsx';
import { orderDraftStore, useOrderDraft } from '../../../entities/order-draft/order-draft-store.ts';
import { useIsAuthorised } from '../../../entities/session/person-store.ts';
import { useSessionConfig } from '../../../entities/session/session.ts';
import { useBrand } from '../../../shared/config.tsx';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { useNavigate } from '../../../shared/navigation/router.tsx';
import { useMediaQuery } from '../../../shared/ui/breakpoints.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { ConfirmationPopup } from '../../../shared/ui/confirmation-popup.tsx';
import { useCartTexts } from '../cart-namespace.ts';
import { lineKey, type PriceChange } from '../model/price-changes.ts';
import { usePreflightAnswer } from '../model/use-preflight-answer.ts';
import { BonusControl } from './bonus-control.tsx';
import { CartLineView } from './cart-line.tsx';
import styles from './cart-page.module.css';
import { CartTotals } from './cart-totals.tsx';
import { DeliverySection, type DeliveryTermsDialog } from './delivery-section.tsx';
import { PromoField } from './promo-field.tsx';
import { AddOnsStrip, FreeLines, GiftBlock, PromisedTime } from './selling.tsx';
import { ValidationPopup } from './validation-popup.tsx';

/** From here up the checkout sits beside the summary (the totals and the place-order button), which stays in view. */
const TWO_COLUMN_CHECKOUT = '(min-width: 1024px)';

/**
 * The checkout, composed in by app/ (features never import each other): shown below the cart on phones, in
 * the main column on wide screens. Given as a function, it gets the summary's slot beside the totals (null
 * on narrow screens, where its button stays at the end of the form).
 */
export type CheckoutSlot = ReactNode | ((summary: HTMLElement | null) => ReactNode);

export interface CartPageProps {
  checkout?: CheckoutSlot;
  /** The 'Условия доставки' dialog, the location feature's, composed in by app/ as the checkout is. */
  deliveryTerms?: DeliveryTermsDialog;
}

/** /cart (docs/product.md §2 item 16): the lines, persons, promo code, place, delivery alert and totals, priced by the server. */
export default function CartPage({ checkout, deliveryTerms }: CartPageProps = {}) {
  const { t } = useCartTexts();
  const locale = useLocale();
  useSessionConfig();
  const lines = useStore(cartStore, (state) => state.positions);
  const navigate = useNavigate();

  if (lines.length === 0) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{t('title')}</h1>
        <div className={styles.empty} data-testid="cart-empty">
          <p className={styles.emptyTitle}>{t('empty')}</p>
          <p className={styles.muted}>{t('emptyHint')}</p>
          <Button variant="primary" size="l" onClick={() => navigate('/')} data-testid="back-to-menu">
            {t('backToMenu')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <FilledCart lines={lines} locale={locale} checkoutSection={checkout} deliveryTerms={deliveryTerms} />
  );
}

function FilledCart({
  lines,
  locale,
  checkoutSection,
  deliveryTerms,
}: {
  lines: readonly CartPosition[];
  locale: Locale;
  checkoutSection?: CheckoutSlot;
  deliveryTerms?: DeliveryTermsDialog;
}) {
  const { t } = useCartTexts();
  const { t: common } = useTranslation('common');
  const brand = useBrand();
  const navigate = useNavigate();
  const authorised = useIsAuthorised();
  const { resto, method } = useCurrentLocation();
  const personCount = useOrderDraft((state) => state.personCount);
  const preOrderAt = useOrderDraft((state) => state.preOrderAt);
  const giftPositionId = useOrderDraft((state) => state.giftPositionId);
  const { request, query, currency } = useCartPreflight();
  const answer = query.data;
  const fresh = query.isSuccess && !query.isPlaceholderData && !query.isFetching;
  const { changes, dismissChanges, bonusRefusal } = usePreflightAnswer(request, answer, fresh);
  const reading = useMemo(() => readPreflight(answer?.problems ?? []), [answer]);
  const [clearing, setClearing] = useState(false);
  const [pending, setPending] = useState(false);
  const [dismissedPopup, setDismissedPopup] = useState<string | null>(null);
  const twoColumns = useMediaQuery(TWO_COLUMN_CHECKOUT);
  const [summary, setSummary] = useState<HTMLElement | null>(null);
  const checkoutNode =
    typeof checkoutSection === 'function' ? checkoutSection(twoColumns ? summary : null) : checkoutSection;

  // The cart's menus, and those of what the answer offers beside it (add-ons, free lines, the gift).
  const menuIds = [
    ...new Set([
      ...lines.map((line) => line.menu.id),
      ...(answer?.addOns ?? []).map((addOn) => addOn.menu.id),
      ...(answer?.freeLines ?? []).map((free) => free.menu.id),
      ...(answer?.gift?.options ?? []).map((option) => option.menu.id),
      ...(answer?.gift?.menuId ? [answer.gift.menuId] : []),
    ]),
  ];
  const menus = useQueries({ queries: menuIds.map((menuId) => menuPositionsQuery(menuId)) });
  const modifiers = useQuery({ ...restoModifiersQuery(resto?.id ?? 0), enabled: !!resto });
  const money = (amount: Minor) => formatMoney(amount, currency, locale);

  const positions = new Map(
    menus
      .flatMap((menu) => menu.data ?? [])
      .map((position) => [`${position.menu.id}/${position.id}`, position]),
  );
  // A dish gone from the menu (hidden in the back office) keeps the name and photo its line remembers; only a
  // line that remembers nothing (a cart stored before lines did) is called by its number.
  const dishOf = (line: CartLine) => {
    const remembered = lines.find((candidate) => lineKey(candidate) === lineKey(line))?.label;
    return shownDish(positions.get(`${line.menu.id}/${line.id}`), remembered, locale);
  };
  const nameOf = (line: CartLine) => dishOf(line).name ?? t('dish', { id: line.id });
  const modifierNamesOf = (line: CartLine) =>
    line.modifiers.map((chosen) => {
      const group = modifiers.data
        ?.find((entry) => entry.positionId === line.id)
        ?.modifiers.find((modifier) => modifier.modifierId === chosen.modifierId);
      const item = group?.items.find((candidate) => candidate.id === chosen.id);
      const name = item ? pickText(item.name, locale) : `#${chosen.id}`;
      return chosen.count > 1 ? `${name} × ${chosen.count}` : name;
    });

  /** The answer's pricing and problems of a line, found by the line itself (the answer may be older). */
  const pricingOf = (line: CartLine) => {
    const index = answer ? answer.positions.findIndex((priced) => lineKey(priced) === lineKey(line)) : -1;
    const priced: PricedPosition | undefined = index >= 0 ? answer?.positions[index] : undefined;
    return {
      index,
      priced: priced && priced.count === line.count ? priced : null,
      problems: index >= 0 ? (reading.lineProblems.get(index) ?? []) : [],
    };
  };

  const notFound = answer
    ? reading.notFoundLines.flatMap((index) => {
        const priced = answer.positions[index];
        const line = priced && lines.find((candidate) => lineKey(candidate) === lineKey(priced));
        return line ? [line] : [];
      })
    : [];
  // Another restaurant or method is a new verdict: the popup may open again for the same dishes.
  const notFoundKey = `${answer?.restoId}:${answer?.deliveryType}:${notFound.map(lineKey).join('|')}`;
  const popupOpen = notFound.length > 0 && dismissedPopup !== notFoundKey;

  const calculating = query.isFetching;
  const failure = query.isError ? query.error.message : null;
  // Signed in, the order needs a fresh answer without blocking problems. Anonymous, the button only leads
  // to signing in (docs/product.md §1), so only a blocking problem already known holds it back.
  const blocked = reading.blocking || (authorised && (!fresh || query.isError));
  // 'Fix what is marked above' only when something above is marked: a line, or the delivery alert (its
  // minimum, or its maximum for a delivery). A problem of the whole order (the banner) says itself.
  const marked =
    reading.lineProblems.size > 0 ||
    reading.deliveryAlertProblem !== null ||
    (method === 'DELIVERY' &&
      reading.bannerProblems.some((problem) => problem.code === 'delivery.order-sum-too-large'));
  // The checkout's time control exists only below the cart for a signed-in customer of a brand with pre-orders.
  const preOrderHere = !!checkoutSection && authorised && brand.features.preOrder;
  const closedAdvice = () => {
    if (preOrderHere && preOrderAt !== null) return t('closedAdviceOtherTime');
    if (method === 'TAKE_AWAY')
      return t(preOrderHere ? 'closedAdviceTakeAwayPreOrder' : 'closedAdviceTakeAway');
    return t(preOrderHere ? 'closedAdviceDeliveryPreOrder' : 'closedAdviceDelivery');
  };
  const positionsCount = cartTotals(lines).positionsCount;

  // docs/product.md §1: signing in is required to order; the sign-in page brings the customer back here.
  const checkout = () => {
    if (!authorised) navigate('/auth', { state: { from: '/cart', reason: 'checkout' } });
    else setPending(true);
  };

  const describeChange = (change: PriceChange) => {
    const diff = change.after - change.before;
    const values = {
      before: money(change.before),
      after: money(change.after),
      diff: `${diff > 0 ? '+' : '−'}${money(minor(Math.abs(diff)))}`,
    };
    if (change.kind === 'total' || !change.line) return t('priceChangeTotal', values);
    const name = nameOf(change.line);
    return t(change.kind === 'promo-stopped' ? 'priceChangePromo' : 'priceChangeLine', { ...values, name });
  };

  return (
    <div className={styles.page}>
      <div className={styles.heading}>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.muted} data-testid="positions-count">
          {common('dishes', { count: positionsCount })}
        </p>
      </div>

      <div aria-live="polite">
        {changes.length > 0 && (
          <section className={styles.notice} data-testid="price-changes" aria-labelledby="cart-price-changes">
            <h2 id="cart-price-changes" className={styles.cardTitle}>
              {t('priceChanges')}
            </h2>
            <ul>
              {changes.map((change) => (
                <li key={`${change.kind}-${change.line ? lineKey(change.line) : 'total'}`}>
                  {describeChange(change)}
                </li>
              ))}
            </ul>
            <Button variant="secondary" onClick={dismissChanges} data-testid="price-changes-dismiss">
              {t('dismiss')}
            </Button>
          </section>
        )}
      </div>

      {request === null && (
        <div className={styles.banner} role="alert" data-testid="cart-problems">
          <p>{t('noPlace')}</p>
        </div>
      )}

      {reading.bannerProblems.length > 0 && (
        <div className={styles.banner} role="alert" data-testid="cart-problems">
          {reading.bannerProblems.map((problem) =>
            problem.code === 'resto.not-accepting-orders' ? (
              // What the customer can do fits the method and what this page offers (docs/product.md §8).
              <p key={problem.code}>
                {problem.message}. <span data-testid="closed-advice">{closedAdvice()}</span>
              </p>
            ) : (
              <p key={problem.code}>{problem.message}</p>
            ),
          )}
        </div>
      )}

      <div className={styles.layout}>
        <div className={styles.main}>
          <section aria-labelledby="cart-lines" className={styles.card}>
            <div className={styles.cardHead}>
              <h2 id="cart-lines" className={styles.cardTitle}>
                {t('lines')}
              </h2>
              <Button variant="text" onClick={() => setClearing(true)} data-testid="clear-cart">
                {t('clear')}
              </Button>
            </div>
            <ul className={styles.lines}>
              {lines.map((line) => {
                const { priced, problems } = pricingOf(line);
                const dish = dishOf(line);
                return (
                  <CartLineView
                    key={lineKey(line)}
                    line={line}
                    name={dish.name ?? t('dish', { id: line.id })}
                    photo={dish.photo}
                    modifierNames={modifierNamesOf(line)}
                    priced={priced}
                    problems={problems}
                    currency={currency}
                    locale={locale}
                  />
                );
              })}
            </ul>
            <FreeLines lines={answer?.freeLines ?? []} dishes={positions} locale={locale} />
            <GiftBlock
              gift={answer?.gift}
              dishes={positions}
              chosen={giftPositionId}
              currency={currency}
              locale={locale}
            />
          </section>

          <AddOnsStrip
            addOns={answer?.addOns ?? []}
            dishes={positions}
            modifiers={modifiers.data}
            inCart={new Set(lines.map((line) => `${line.menu.id}/${line.id}`))}
            currency={currency}
            locale={locale}
          />

          {brand.features.personCount && (
            <section className={styles.card} aria-labelledby="cart-persons">
              <div className={styles.cardHead}>
                <h2 id="cart-persons" className={styles.cardTitle}>
                  {t('persons')}
                </h2>
                <fieldset className={styles.stepper}>
                  <legend className="visually-hidden">{t('persons')}</legend>
                  <button
                    type="button"
                    onClick={() => orderDraftStore.getState().setPersonCount(personCount - 1)}
                    disabled={personCount <= PERSON_COUNT_MIN}
                    aria-label={t('personsDecrease')}
                    data-testid="person-count-decrease"
                  >
                    −
                  </button>
                  <output data-testid="person-count" aria-live="polite">
                    {personCount}
                  </output>
                  <button
                    type="button"
                    onClick={() => orderDraftStore.getState().setPersonCount(personCount + 1)}
                    disabled={personCount >= PERSON_COUNT_MAX}
                    aria-label={t('personsIncrease')}
                    data-testid="person-count-increase"
                  >
                    +
                  </button>
                </fieldset>
              </div>
            </section>
          )}
        </div>

        <div className={styles.aside}>
          <DeliverySection
            answer={answer}
            minimumProblem={reading.deliveryAlertProblem}
            currency={currency}
            locale={locale}
            deliveryTerms={deliveryTerms}
          />
          {brand.features.promoCodes && (
            <PromoField
              answer={answer}
              checking={calculating}
              messages={reading.promoMessages}
              currency={currency}
              locale={locale}
            />
          )}
          {answer && (
            <PromisedTime
              readyAt={answer.readyAt}
              delayMinutes={answer.delayMinutes}
              method={method}
              timezone={resto?.timezone ?? '+03:00'}
              nowMs={serverNow()}
              locale={locale}
            />
          )}
          {/* The summary: the total and the button under it, kept in view on wide screens. */}
          <div className={styles.summary}>
            <CartTotals
              answer={answer}
              calculating={calculating}
              failure={failure}
              onRetry={() => void query.refetch()}
              delivery={method === 'DELIVERY'}
              currency={currency}
              locale={locale}
              bonus={
                answer?.bonus && (
                  <BonusControl
                    bonus={answer.bonus}
                    authorised={authorised}
                    withPromoCode={!!request?.promoCode}
                    problems={reading.bonusProblems.length > 0 ? reading.bonusProblems : bonusRefusal}
                  />
                )
              }
            />
            {/* The checkout's place-order button (and what it says) lands here on wide screens. */}
            {checkoutSection && twoColumns && (
              <div ref={setSummary} className={styles.checkout} data-testid="checkout-summary" />
            )}
            {!checkoutSection && (
              <div className={styles.checkout}>
                <Button
                  variant="primary"
                  size="l"
                  fullWidth
                  onClick={checkout}
                  disabled={blocked}
                  aria-describedby={reading.blocking && marked ? 'cart-blocked' : undefined}
                  data-testid="checkout"
                >
                  {t('checkout')}
                </Button>
                {reading.blocking && marked && (
                  <p id="cart-blocked" className={styles.muted} data-testid="checkout-blocked">
                    {t('checkoutBlocked')}
                  </p>
                )}
                {!authorised && <p className={styles.muted}>{t('signInToOrder')}</p>}
                {pending && <p role="status">{t('checkoutSoon')}</p>}
              </div>
            )}
            {checkoutSection && reading.blocking && marked && (
              <p id="cart-blocked" className={styles.muted} data-testid="checkout-blocked">
                {t('checkoutBlocked')}
              </p>
            )}
          </div>
        </div>

        {checkoutNode && <div className={styles.checkoutArea}>{checkoutNode}</div>}
      </div>

      <ConfirmationPopup
        open={clearing}
        headline={t('clearTitle')}
        supportingText={t('clearText')}
        confirmText={t('clearConfirm')}
        cancelText={common('cancel')}
        onConfirm={() => {
          cartStore.getState().clear();
          setClearing(false);
        }}
        onCancel={() => setClearing(false)}
      />
      <ValidationPopup
        open={popupOpen}
        names={notFound.map(nameOf)}
        onRemove={() => {
          cartStore.getState().removeLines(notFound);
          setDismissedPopup(notFoundKey);
        }}
        onChangePlace={() => {
          setDismissedPopup(notFoundKey);
          appFlagsStore.getState().openLocation();
        }}
        onClose={() => setDismissedPopup(notFoundKey)}
      />
    </div>
  );
}
