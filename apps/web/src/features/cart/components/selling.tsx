import {
  type CustomerDeliveryMethod,
  ERROR_MESSAGES,
  formatMoney,
  type Locale,
  type Minor,
  minor,
  pickText,
} from '@storefront/domain';
import type {
  Position,
  PositionModifiers,
  PreflightAddOn,
  PreflightFreeLine,
  PreflightGift,
} from '@storefront/domain/contracts';
import { cartStore } from '../../../entities/cart/cart-store.ts';
import { consentStore } from '../../../entities/consent/consent-store.ts';
import { orderDraftStore } from '../../../entities/order-draft/order-draft-store.ts';
import { restoClockDate, restoClockTime, restoDaysAhead } from '../../../entities/orders/pre-order.ts';
import { track } from '../../../shared/analytics/track.ts';
import { FallbackImage } from '../../../shared/ui/image.tsx';
import { useCartTexts } from '../cart-namespace.ts';
import styles from './selling.module.css';

/*
 * What the preflight sells with the order (decision 56): the add-ons strip, the free condiments by persons, the
 * gift's progress and the gift itself, and the promised time. Every list is the server's; the catalog the cart
 * already loads gives the names, prices and photos.
 */

/** A dish of the catalog by `${menuId}/${id}`, as the cart page keeps them. */
export type CatalogDishes = ReadonlyMap<string, Position>;

const keyOf = (item: { id: number; menu: { id: number } }) => `${item.menu.id}/${item.id}`;

/**
 * A dish that needs a choice before it goes in (a modifier group with a minimum): the strip's one tap cannot
 * make it, so such a dish is not offered there.
 */
function needsChoice(positionId: number, modifiers: readonly PositionModifiers[] | undefined): boolean {
  return !!modifiers
    ?.find((entry) => entry.positionId === positionId)
    ?.modifiers.some((group) => group.minCount > 0);
}

export interface AddOnsStripProps {
  addOns: readonly PreflightAddOn[];
  dishes: CatalogDishes;
  modifiers: readonly PositionModifiers[] | undefined;
  /** `${menuId}/${id}` of what the cart holds: a dish just added leaves the strip before the next answer. */
  inCart: ReadonlySet<string>;
  currency: string;
  locale: Locale;
}

/** 'Добавить к заказу': a strip of dishes, each added with one tap. Nothing when none is left to offer. */
export function AddOnsStrip({ addOns, dishes, modifiers, inCart, currency, locale }: AddOnsStripProps) {
  const { t } = useCartTexts();
  const shown = addOns.flatMap((addOn) => {
    const dish = dishes.get(keyOf(addOn));
    return dish && !inCart.has(keyOf(addOn)) && !needsChoice(dish.id, modifiers) ? [dish] : [];
  });
  if (shown.length === 0) return null;
  const add = async (dish: Position) => {
    // The server offers an 18+ dish only once the age is confirmed; asked again should that change.
    if (dish.isAdult && !(await consentStore.getState().requestAdulthood())) return;
    cartStore
      .getState()
      .add({ id: dish.id, menuId: dish.menu.id, price: dish.price, modifiers: [], hasModifiers: false });
    track({
      type: 'added-to-cart',
      dish: {
        id: dish.id,
        name: pickText(dish.name, 'ru'),
        price: dish.price,
        category: String(dish.menu.id),
      },
      currency,
    });
  };
  return (
    <section className={styles.addOns} aria-labelledby="cart-add-ons" data-testid="add-ons">
      <h2 id="cart-add-ons" className={styles.title}>
        {t('addOnsTitle')}
      </h2>
      <ul className={styles.strip}>
        {shown.map((dish) => {
          const name = pickText(dish.name, locale);
          const price = formatMoney(minor(dish.price), currency, locale);
          return (
            <li key={keyOf(dish)} className={styles.addOn} data-testid="add-on">
              <FallbackImage
                src={dish.photos[0] ?? null}
                alt=""
                fallbackSrc="/media/placeholder.svg"
                aspectRatio="1 / 1"
                className={styles.addOnPhoto}
              />
              <span className={styles.addOnName}>{name}</span>
              <span className={styles.addOnFoot}>
                <span className={styles.addOnPrice}>{price}</span>
                <button
                  type="button"
                  className={styles.plus}
                  onClick={() => void add(dish)}
                  aria-label={t('addOnAdd', { name, price })}
                  data-testid="add-on-add"
                >
                  +
                </button>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** 'Бесплатно на N персон': the condiments the server adds at 0 ₽, each with its count. */
export function FreeLines({
  lines,
  dishes,
  locale,
}: {
  lines: readonly PreflightFreeLine[];
  dishes: CatalogDishes;
  locale: Locale;
}) {
  const { t } = useCartTexts();
  const first = lines[0];
  if (!first) return null;
  return (
    <section className={styles.free} aria-labelledby="cart-free" data-testid="free-lines">
      <h3 id="cart-free" className={styles.subtitle}>
        {t('freeTitle', { count: first.personCount })}
      </h3>
      <ul className={styles.freeList}>
        {lines.map((line) => {
          const dish = dishes.get(keyOf(line));
          return (
            <li key={keyOf(line)} data-testid="free-line">
              <span>{dish ? pickText(dish.name, locale) : t('dish', { id: line.id })}</span>
              <span className={styles.count} data-testid="free-line-count">
                {t('freeCount', { count: line.count })}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The gift: its dish at 0 ₽ once the cart reaches the threshold (a choice when there are several), the reason
 * it is withheld (a promo code, points), and the progress to the next threshold. Gone when the sum falls: the
 * server answers no gift then.
 */
export function GiftBlock({
  gift,
  dishes,
  chosen,
  currency,
  locale,
}: {
  gift: PreflightGift | null | undefined;
  dishes: CatalogDishes;
  /** The customer's pick (the draft's giftPositionId). */
  chosen: number | null;
  currency: string;
  locale: Locale;
}) {
  const { t } = useCartTexts();
  if (!gift) return null;
  const money = (amount: Minor) => formatMoney(amount, currency, locale);
  const nameOf = (item: { id: number; menu: { id: number } }) => {
    const dish = dishes.get(keyOf(item));
    return dish ? pickText(dish.name, locale) : t('dish', { id: item.id });
  };
  const given =
    gift.positionId !== null && gift.menuId !== null
      ? { id: gift.positionId, menu: { id: gift.menuId } }
      : null;
  const givenDish = given ? dishes.get(keyOf(given)) : undefined;
  // The server's words in the request's language, else the catalogue's for the code.
  const known = gift.withheld
    ? (ERROR_MESSAGES as Record<string, { ru: string; en?: string }>)[gift.withheld]
    : undefined;
  const withheld = gift.withheld ? (gift.withheldMessage ?? (known ? pickText(known, locale) : null)) : null;
  const next = gift.next;
  const reachedShare = next ? Math.max(0, Math.min(1, 1 - next.amountLeft / Math.max(1, next.minSum))) : 0;
  if (!given && !withheld && !next) return null;
  return (
    <section className={styles.gift} aria-labelledby="cart-gift" data-testid="gift">
      {given && (
        <div className={styles.giftLine} data-testid="gift-line">
          <FallbackImage
            src={givenDish?.photos[0] ?? null}
            alt=""
            fallbackSrc="/media/placeholder.svg"
            aspectRatio="1 / 1"
            className={styles.giftPhoto}
          />
          <span className={styles.giftText}>
            <small id="cart-gift">{t('giftTitle')}</small>
            <strong data-testid="gift-name">{nameOf(given)}</strong>
          </span>
          <span className={styles.giftPrice}>{money(minor(0))}</span>
        </div>
      )}
      {given && gift.options.length > 1 && (
        <fieldset className={styles.giftOptions} data-testid="gift-options">
          <legend>{t('giftChoose')}</legend>
          {gift.options.map((option) => (
            <label key={keyOf(option)} className={styles.giftOption}>
              <input
                type="radio"
                name="gift"
                checked={(chosen ?? gift.positionId) === option.id}
                onChange={() => orderDraftStore.getState().setGiftPositionId(option.id)}
                data-testid="gift-option"
              />
              <span>{nameOf(option)}</span>
            </label>
          ))}
        </fieldset>
      )}
      {withheld && (
        <p className={styles.withheld} role="status" data-testid="gift-withheld">
          {!given && (
            <>
              <span id="cart-gift" className="visually-hidden">
                {t('giftTitle')}
              </span>{' '}
            </>
          )}
          {withheld}
        </p>
      )}
      {next && (
        <div className={styles.progress} data-testid="gift-progress">
          {!given && !withheld && (
            <span id="cart-gift" className="visually-hidden">
              {t('giftTitle')}
            </span>
          )}
          <p className={styles.progressText}>{t('giftLeft', { left: money(next.amountLeft) })}</p>
          <div
            className={styles.bar}
            role="progressbar"
            aria-label={t('giftProgress')}
            aria-valuemin={0}
            aria-valuemax={next.minSum}
            aria-valuenow={next.minSum - next.amountLeft}
            aria-valuetext={t('giftLeft', { left: money(next.amountLeft) })}
          >
            <span className={styles.barFill} style={{ width: `${Math.round(reachedShare * 100)}%` }} />
          </div>
        </div>
      )}
    </section>
  );
}

/** The promised time ('Доставим к 19:45') and the restaurant's delay when it adds one. */
export function PromisedTime({
  readyAt,
  delayMinutes,
  method,
  timezone,
  nowMs,
  locale,
}: {
  readyAt: string | null | undefined;
  delayMinutes: number;
  method: CustomerDeliveryMethod | null;
  timezone: string;
  nowMs: number;
  locale: Locale;
}) {
  const { t } = useCartTexts();
  const at = readyAt ? Date.parse(readyAt) : Number.NaN;
  if (Number.isNaN(at) && delayMinutes <= 0) return null;
  const clock = restoClockTime(at, timezone);
  // Another day than today on the restaurant's clock says which ('26 ноября, 12:00').
  const time =
    restoDaysAhead(at, nowMs, timezone) === 0
      ? clock
      : t('readyOnDay', { day: restoClockDate(at, timezone, locale), time: clock });
  return (
    <div className={styles.promised} data-testid="promised-time" aria-live="polite">
      {!Number.isNaN(at) && (
        <p className={styles.promisedTime} data-testid="ready-at">
          {t(method === 'TAKE_AWAY' ? 'readyTakeAway' : 'readyDelivery', { time })}
        </p>
      )}
      {delayMinutes > 0 && (
        <p className={styles.busy} data-testid="busy-delay">
          {t('busyDelay', { minutes: delayMinutes })}
        </p>
      )}
    </div>
  );
}
