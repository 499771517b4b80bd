import {
  type CustomerDeliveryMethod,
  DELIVERY_DETAIL_MAX,
  type DeliveryDetailField,
  type DeliveryDetailIssue,
  type DeliveryDetailsInput,
  type DeliveryPlace,
  deliveryZoneForPoint,
  deliveryZones,
  EMPTY_DELIVERY_PLACE,
  hasDeliveryTerms,
  isBarePoint,
  type LocationProblemCode,
  offeredMethods,
  pickText,
  showsMethodToggle,
  takeAwayRestos,
} from '@storefront/domain';
import type { DeliveryZone, Resto } from '@storefront/domain/contracts';
import { lazy, Suspense, useId, useState } from 'react';
import { type UseFormReturn, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { cx } from '../../../shared/ui/class-names.ts';
import { Field, fieldBoxClass } from '../../../shared/ui/field.tsx';
import { PinIcon } from '../../../shared/ui/icons.tsx';
import { ProgressOverlay } from '../../../shared/ui/progress-overlay.tsx';
import type { LocationContext, LocationDraft } from '../model/popup-steps.ts';
import { DeliveryTermsPopup } from './delivery-terms-popup.tsx';
import styles from './location-popup.module.css';
import { MethodStepFrame, type MethodStepFrameProps } from './method-step-frame.tsx';
import { NearestPickup } from './nearest-pickup.tsx';

// The map, its provider and the geocoder load only when the customer opens the map (DESIGN: bundle split).
const MapPopup = lazy(() => import('./map-popup.tsx'));

export interface MethodStepProps extends MethodStepFrameProps {
  draft: LocationDraft;
  ctx: LocationContext;
  problem: LocationProblemCode | null;
  onMethod: (method: CustomerDeliveryMethod) => void;
  onPoint: (place: DeliveryPlace) => void;
  /** The delivery-details form (apartment … comment): method-step-form.tsx owns it, so it outlives a method switch. */
  details: UseFormReturn<DeliveryDetailsInput>;
  onPickup: (restoId: number) => void;
  /** One tap on the nearest pickup point offered for an address outside every zone: take-away there. */
  onNearestPickup: (restoId: number) => void;
}

const ADDRESS_PROBLEMS: readonly LocationProblemCode[] = [
  'delivery-address-required',
  'address-outside-zone',
  'no-zones',
];

/** The words of each delivery-details issue (the limit comes from the field). */
const DETAIL_ISSUE_TEXTS: Record<DeliveryDetailIssue, 'tooLong'> = { 'delivery-detail.too-long': 'tooLong' };

function Problem({ code }: { code: LocationProblemCode | null }) {
  const { t } = useTranslation('location');
  if (!code) return null;
  return (
    <p className={styles.problem} role="alert">
      {t(`problems.${code}`)}
    </p>
  );
}

/** The delivery-method step: city header, method toggle, then the address form or the pickup points. */
export function MethodStep(props: MethodStepProps) {
  const { t } = useTranslation('location');
  const { draft, ctx, problem } = props;
  const methods = offeredMethods(ctx.restos);
  return (
    <MethodStepFrame {...props}>
      {showsMethodToggle(ctx.restos) && (
        <fieldset className={styles.toggle}>
          <legend className="visually-hidden">{t('methods')}</legend>
          {methods.map((method) => (
            <label key={method} className={styles.toggleOption}>
              <input
                type="radio"
                name="delivery-method"
                checked={draft.method === method}
                onChange={() => props.onMethod(method)}
              />
              <span>{t(method)}</span>
            </label>
          ))}
        </fieldset>
      )}
      {draft.method === 'DELIVERY' && (
        <DeliveryForm {...props} problem={problem && ADDRESS_PROBLEMS.includes(problem) ? problem : null} />
      )}
      {draft.method === 'TAKE_AWAY' && <PickupList {...props} />}
      {problem &&
        !(draft.method === 'DELIVERY' && ADDRESS_PROBLEMS.includes(problem)) &&
        draft.method !== 'TAKE_AWAY' && <Problem code={problem} />}
    </MethodStepFrame>
  );
}

function DeliveryForm({ city, draft, ctx, problem, onPoint, details, onNearestPickup }: MethodStepProps) {
  const { t } = useTranslation('location');
  const id = useId();
  const [termsOpen, setTermsOpen] = useState(false);
  const [mapOpen, setMapOpen] = useState(false);
  const { errors } = useFormState({ control: details.control });
  const place = draft.place ?? EMPTY_DELIVERY_PLACE;
  const zones = deliveryZones(ctx.zones, ctx.restos as Resto[]) as DeliveryZone[];
  const zone = place.location
    ? (deliveryZoneForPoint(place.location, zones, ctx.restos) as DeliveryZone | null)
    : null;
  const resto = ctx.restos.find((r) => r.id === zone?.restoId) as Resto | undefined;
  const issue = (name: DeliveryDetailField) => {
    const code = errors[name]?.type as DeliveryDetailIssue | undefined;
    return code && t(DETAIL_ISSUE_TEXTS[code], { max: DELIVERY_DETAIL_MAX[name] });
  };
  const field = (name: 'apartment' | 'entrance' | 'floor' | 'intercom') => (
    <Field label={t(name)} personal error={issue(name)}>
      {(control) => <input {...control} {...details.register(name)} maxLength={DELIVERY_DETAIL_MAX[name]} />}
    </Field>
  );
  return (
    <div className={styles.form}>
      <button
        type="button"
        className={cx(fieldBoxClass, styles.addressButton)}
        onClick={() => setMapOpen(true)}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        data-testid="delivery-address"
      >
        <PinIcon aria-hidden="true" />
        <span>
          <small>{t('address')}</small>
          <strong>{place.address || (isBarePoint(place) ? t('mapPoint') : t('addressPlaceholder'))}</strong>
        </span>
      </button>
      {mapOpen && (
        <Suspense fallback={<ProgressOverlay open />}>
          <MapPopup
            mode="DELIVERY"
            cityId={city.id}
            ctx={ctx}
            place={draft.place}
            restoId={draft.restoId}
            onConfirmDelivery={(next) => {
              onPoint(next);
              setMapOpen(false);
            }}
            onConfirmPickup={() => setMapOpen(false)}
            onNearestPickup={(restoId) => {
              onNearestPickup(restoId);
              setMapOpen(false);
            }}
            onClose={() => setMapOpen(false)}
          />
        </Suspense>
      )}
      <div id={`${id}-problem`}>
        <Problem code={problem} />
      </div>
      {place.location && !zone && (
        <NearestPickup
          cityId={city.id}
          point={place.location}
          restos={ctx.restos as Resto[]}
          onTake={onNearestPickup}
        />
      )}
      {zone && resto && hasDeliveryTerms(zone) && (
        <>
          <Button variant="text" onClick={() => setTermsOpen(true)}>
            {t('deliveryTerms')}
          </Button>
          <DeliveryTermsPopup
            zone={zone}
            currency={resto.currency}
            open={termsOpen}
            onClose={() => setTermsOpen(false)}
          />
        </>
      )}
      <div className={styles.fieldRow}>
        {field('apartment')}
        {field('entrance')}
        {field('floor')}
        {field('intercom')}
      </div>
      {/* No maxLength: a longer comment (pasted, say) stays visible with the error, to be cut by the customer. */}
      <Field label={t('comment')} personal error={issue('comment')}>
        {(control) => <textarea {...control} {...details.register('comment')} rows={2} />}
      </Field>
    </div>
  );
}

function PickupList({ city, draft, ctx, problem, onPickup }: MethodStepProps) {
  const { t } = useTranslation('location');
  const locale = useLocale();
  const points = takeAwayRestos(ctx.restos as Resto[]);
  const [mapOpen, setMapOpen] = useState(false);
  return (
    <fieldset className={styles.pickup}>
      <legend>{t('pickupPoints')}</legend>
      {points.length > 0 && (
        <Button variant="secondary" onClick={() => setMapOpen(true)} data-testid="pick-on-map">
          <PinIcon aria-hidden="true" /> {t('pickOnMap')}
        </Button>
      )}
      {mapOpen && (
        <Suspense fallback={<ProgressOverlay open />}>
          <MapPopup
            mode="TAKE_AWAY"
            cityId={city.id}
            ctx={ctx}
            place={null}
            restoId={draft.restoId}
            onConfirmDelivery={() => setMapOpen(false)}
            onConfirmPickup={(restoId) => {
              onPickup(restoId);
              setMapOpen(false);
            }}
            onClose={() => setMapOpen(false)}
          />
        </Suspense>
      )}
      {points.map((resto) => (
        <label key={resto.id} className={styles.pickupPoint}>
          <input
            type="radio"
            name="pickup"
            checked={draft.restoId === resto.id}
            onChange={() => onPickup(resto.id)}
          />
          <span>
            <strong>{pickText(resto.street, locale)}</strong>
            <small>{pickText(resto.name, locale)}</small>
          </span>
        </label>
      ))}
      <Problem code={problem} />
    </fieldset>
  );
}
