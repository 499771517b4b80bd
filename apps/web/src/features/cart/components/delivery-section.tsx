import {
  deliveryRuleAlert,
  formatMoney,
  type Locale,
  type Minor,
  minor,
  pickText,
  type TermsZone,
} from '@storefront/domain';
import type { PreflightProblem, PreflightResponse } from '@storefront/domain/contracts';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { appFlagsStore } from '../../../entities/app-flags/app-flags-store.ts';
import { useCurrentLocation } from '../../../entities/location/current-location.tsx';
import { DeliveryPlaceText, formatPoint } from '../../../entities/location/delivery-place-text.tsx';
import { useSelections } from '../../../entities/location/selections-store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { PinIcon } from '../../../shared/ui/icons.tsx';
import { useCartTexts } from '../cart-namespace.ts';
import styles from './cart-page.module.css';

// The small map loads after the cart: its provider is a chunk of its own, as on the restaurant page.
const MapCanvas = lazy(() => import('../../../shared/map/map-canvas.tsx'));
const SMALL_MAP_ZOOM = 16;

/** The 'Условия доставки' table's dialog: the location feature's, composed in by app/ (CartPage's `deliveryTerms`). */
export type DeliveryTermsDialog = ComponentType<{
  zone: TermsZone;
  currency: string;
  open: boolean;
  onClose: () => void;
}>;

/**
 * Where the order goes (the address, or the pickup point) with 'Изменить' opening the location popup
 * through the app flags, and for delivery the rule alert of docs/product.md §4 worked out from the server's bands
 * for the sum after the discount, with the 'Условия доставки' table.
 */
export function DeliverySection({
  answer,
  minimumProblem,
  currency,
  locale,
  deliveryTerms: DeliveryTermsPopup,
}: {
  answer: PreflightResponse | undefined;
  /** 'delivery.order-sum-not-enough.range', said only here (docs/product.md §8), even when the zone sent no bands. */
  minimumProblem: PreflightProblem | null;
  currency: string;
  locale: Locale;
  deliveryTerms?: DeliveryTermsDialog;
}) {
  const { t } = useCartTexts();
  const { resto, method } = useCurrentLocation();
  const address = useSelections((state) => state.deliveryPlace?.address ?? null);
  const point = useSelections((state) => state.deliveryPlace?.location ?? null);
  const [termsOpen, setTermsOpen] = useState(false);
  const money = (amount: Minor) => formatMoney(amount, currency, locale);
  const delivery = method === 'DELIVERY';
  // A map point without a street is named by its coordinates (DeliveryPlaceText says 'Точка на карте').
  const place = delivery
    ? address?.trim() || (point ? formatPoint(point) : null)
    : resto
      ? pickText(resto.street, locale)
      : null;
  const mapPoint = delivery ? point : (resto?.location ?? null);
  const rules = delivery && answer ? answer.deliveryRules : [];
  const alert =
    answer && rules.length > 0 ? deliveryRuleAlert(minor(answer.sum - answer.discount), { rules }) : null;

  let alertText: string | null = null;
  if (alert?.kind === 'min-order') {
    alertText = t('alertMinOrder', {
      min: money(alert.minOrderPrice),
      left: money(alert.orderPriceDifference),
    });
  } else if (alert?.kind === 'max-order') {
    alertText = t('alertMaxOrder', { max: money(alert.maxOrderPrice) });
  } else if (alert?.kind === 'current') {
    const now =
      alert.deliveryPrice === 0
        ? t('alertFree')
        : t('alertPrice', { price: money(alert.deliveryPrice), min: money(alert.minOrderPrice) });
    const next = alert.next
      ? alert.next.isFree
        ? t('alertFreeLeft', { left: money(alert.next.orderPriceDifference) })
        : t('alertNextLeft', {
            left: money(alert.next.orderPriceDifference),
            price: money(alert.next.deliveryPrice),
          })
      : null;
    alertText = next ? `${now}. ${next}` : now;
  }
  if (!alertText && minimumProblem && delivery) {
    alertText =
      minimumProblem.limit !== undefined && minimumProblem.amountLeft !== undefined
        ? t('alertMinOrder', { min: money(minimumProblem.limit), left: money(minimumProblem.amountLeft) })
        : minimumProblem.message;
  }

  return (
    <section className={styles.card} aria-labelledby="cart-place">
      <h2 id="cart-place" className={styles.cardTitle}>
        {t(delivery ? 'delivery' : 'pickup')}
      </h2>
      <div className={styles.place}>
        <PinIcon aria-hidden="true" />
        <p data-testid="cart-place">
          {delivery && point ? (
            <DeliveryPlaceText address={address} location={point} />
          ) : (
            (place ?? t('noAddress'))
          )}
        </p>
        <Button
          variant="text"
          onClick={() => appFlagsStore.getState().openLocation({ methodOnly: true })}
          data-testid="change-place"
        >
          {t('changePlace')}
        </Button>
      </div>
      {mapPoint && place && (
        <Suspense fallback={<div className={styles.smallMap} />}>
          <MapCanvas
            key={`${mapPoint.lat},${mapPoint.lng}`}
            className={styles.smallMap}
            center={mapPoint}
            zoom={SMALL_MAP_ZOOM}
            interactive={false}
            label={t('mapLabel', { place })}
            onReady={(view) => view?.setMarker(mapPoint, { draggable: false, title: place })}
          />
        </Suspense>
      )}
      {alertText && (
        <p
          className={alert?.kind === 'current' && !minimumProblem ? styles.alertNote : styles.alertWarning}
          data-testid="delivery-alert"
          aria-live="polite"
        >
          {alertText}
        </p>
      )}
      {rules.length > 0 && DeliveryTermsPopup && (
        <>
          <Button variant="text" onClick={() => setTermsOpen(true)} data-testid="delivery-terms">
            {t('deliveryTerms')}
          </Button>
          <DeliveryTermsPopup
            zone={{ rules }}
            currency={currency}
            open={termsOpen}
            onClose={() => setTermsOpen(false)}
          />
        </>
      )}
    </section>
  );
}
