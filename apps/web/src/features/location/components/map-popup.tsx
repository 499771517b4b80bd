import {
  type CustomerDeliveryMethod,
  type DeliveryPlace,
  deliveryAddressLine,
  deliveryZoneForPoint,
  deliveryZones,
  EMPTY_DELIVERY_PLACE,
  hoursFor,
  hoursOnDayAt,
  type LatLng,
  type Locale,
  pickText,
  specialDaysFor,
  takeAwayRestos,
} from '@storefront/domain';
import type { City, DeliveryZone, Resto } from '@storefront/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { serverNow } from '../../../entities/clock/clock-store.ts';
import { cityQuery } from '../../../entities/location/location-queries.ts';
import { useBrand } from '../../../shared/config.tsx';
import { useLazyNamespace } from '../../../shared/i18n/lazy-namespace.ts';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { ADDRESS_ZOOM, MAP_DEFAULT_ZOOM, type MapView } from '../../../shared/map/map-view.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { ResponsiveDialog } from '../../../shared/ui/dialog.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { createGeocoder } from '../geocoding/create-geocoder.ts';
import type { AddressSuggestion } from '../geocoding/geocoder.ts';
import { mapPopupTextsEn } from '../map-popup-texts.en.ts';
import { mapPopupTexts } from '../map-popup-texts.ts';
import type { LocationContext } from '../model/popup-steps.ts';
import { AddressSearch } from './address-search.tsx';
import styles from './map-popup.module.css';
import { NearestPickup } from './nearest-pickup.tsx';

const MapCanvas = lazy(() => import('../../../shared/map/map-canvas.tsx'));

export interface MapPopupProps {
  mode: CustomerDeliveryMethod;
  cityId: number;
  ctx: LocationContext;
  place: DeliveryPlace | null;
  restoId: number | null;
  onConfirmDelivery: (place: DeliveryPlace) => void;
  onConfirmPickup: (restoId: number) => void;
  /** Delivery only: take-away at the nearest pickup point offered for a point outside every zone (decision 56). */
  onNearestPickup?: (restoId: number) => void;
  onClose: () => void;
}

/** Google bills autocomplete per session: one token from the first keystroke to the chosen place. */
function newSessionToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The map popup (docs/product.md §2 item 4, §4 'Map popup'): delivery shows the zones and a draggable marker whose
 * point is reverse-geocoded, with address search; take-away shows the pickup points. 'Подтвердить'
 * hands the choice back to the location popup, which applies the domain rules to its draft.
 */
export default function MapPopup(props: MapPopupProps) {
  const { t, i18n } = useLazyNamespace('location-map', { ru: mapPopupTexts, en: mapPopupTextsEn });
  const city = useQuery(cityQuery(props.cityId));
  const title = props.mode === 'DELIVERY' ? t('deliveryTitle') : t('pickupTitle');
  const listOpen = useRef(false);
  return (
    <ResponsiveDialog
      open
      onOpenChange={(next) => !next && props.onClose()}
      title={title}
      fullHeight
      className={styles.popup}
      closeLabel={i18n.t('common:close')}
      // Escape first closes the suggestions list, then the popup.
      onEscapeKeyDown={(event) => {
        if (listOpen.current) event.preventDefault();
      }}
    >
      {city.isPending && <Spinner size={32} label={i18n.t('common:loading')} />}
      {city.isError && (
        <div role="alert" className={styles.problem}>
          {t('cityFailed')}{' '}
          <Button variant="text" onClick={() => void city.refetch()}>
            {t('retry')}
          </Button>
        </div>
      )}
      {city.data &&
        (props.mode === 'DELIVERY' ? (
          <DeliveryMap
            {...props}
            city={city.data}
            t={t}
            onListOpenChange={(open) => {
              listOpen.current = open;
            }}
          />
        ) : (
          <PickupMap {...props} city={city.data} t={t} />
        ))}
    </ResponsiveDialog>
  );
}

interface MapPartProps extends MapPopupProps {
  city: City;
  t: TFunction<'location-map'>;
}

type Lookup = 'idle' | 'pending' | 'failed';

function DeliveryMap(props: MapPartProps & { onListOpenChange: (open: boolean) => void }) {
  const { city, ctx, t } = props;
  const locale = useLocale();
  const brand = useBrand();
  const geocoder = useMemo(() => createGeocoder(brand.maps), [brand.maps]);
  const [sessionToken, setSessionToken] = useState(newSessionToken);
  const [point, setPoint] = useState<LatLng | null>(props.place?.location ?? null);
  // The point's address line once known: null while unknown, `{ line: null }` for a bare point on the map.
  const [label, setLabel] = useState<{ line: string | null } | null>(
    props.place?.location ? { line: props.place.address } : null,
  );
  const [lookup, setLookup] = useState<Lookup>('idle');
  const view = useRef<MapView | null>(null);
  const pending = useRef<AbortController | null>(null);

  const zones = deliveryZones(ctx.zones, ctx.restos) as DeliveryZone[];
  const zone = point ? (deliveryZoneForPoint(point, zones, ctx.restos) as DeliveryZone | null) : null;
  const resto = zone ? (ctx.restos.find((r) => r.id === zone.restoId) as Resto | undefined) : undefined;

  const markerOptions = () => ({
    draggable: true,
    title: t('markerTitle'),
    onDragEnd: (next: LatLng) => moveTo(next),
  });

  // The marker was dragged or the map clicked (docs/product.md §4): the point moves at once, its address follows.
  function moveTo(next: LatLng) {
    setPoint(next);
    setLabel(null);
    setLookup('pending');
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    view.current?.setMarker(next, markerOptions());
    geocoder
      .reverse(next, { locale, signal: controller.signal })
      .then((address) => {
        if (controller.signal.aborted) return;
        setLabel({ line: address ? deliveryAddressLine(address) : null });
        setLookup('idle');
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        // The point still stands: it can be confirmed as a bare point on the map.
        setLabel({ line: null });
        setLookup('failed');
      });
  }

  useEffect(() => () => pending.current?.abort(), []);

  const choose = async (suggestion: AddressSuggestion) => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setLookup('pending');
    try {
      const address = await geocoder.resolve(suggestion, {
        locale,
        sessionToken,
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      // The session ends with the place lookup; the next search starts a new one.
      setSessionToken(newSessionToken());
      if (!address) {
        setLookup('failed');
        return;
      }
      setPoint(address.coordinates);
      setLabel({ line: deliveryAddressLine(address) });
      setLookup('idle');
      view.current?.setMarker(address.coordinates, markerOptions());
      view.current?.setView(address.coordinates, ADDRESS_ZOOM);
    } catch {
      if (!controller.signal.aborted) setLookup('failed');
    }
  };

  const problem =
    lookup === 'pending' ? null : !point || !label ? 'addressRequired' : !zone ? 'outsideZone' : null;
  const shownLabel = label ? (label.line ?? t('mapPoint')) : null;

  return (
    <div className={styles.layout}>
      <AddressSearch
        geocoder={geocoder}
        bounds={city.bounds}
        locale={locale}
        sessionToken={sessionToken}
        onChoose={(suggestion) => void choose(suggestion)}
        onListOpenChange={props.onListOpenChange}
      />
      <Suspense fallback={<div className={styles.mapPlaceholder} />}>
        <MapCanvas
          className={styles.map}
          center={point ?? city.center}
          zoom={point ? ADDRESS_ZOOM : city.zoom || MAP_DEFAULT_ZOOM}
          bounds={city.bounds}
          interactive
          showZoomButtons
          label={t('deliveryMapLabel')}
          onClick={moveTo}
          onReady={(ready) => {
            view.current = ready;
            if (!ready) return;
            ready.setZones(zones);
            if (point) ready.setMarker(point, markerOptions());
          }}
        />
      </Suspense>
      <div className={styles.summary} aria-live="polite">
        <p className={styles.addressLine} data-testid="map-address">
          {lookup === 'pending' ? t('lookingUp') : shownLabel}
        </p>
        {lookup === 'failed' && <p className={styles.note}>{t('reverseFailed')}</p>}
        {zone && resto && lookup !== 'pending' && (
          <p className={styles.note} data-testid="map-zone">
            {t('deliveredBy', { resto: pickText(resto.name, locale), zone: pickText(zone.name, locale) })}
          </p>
        )}
        {problem && (
          <p className={styles.problem} id="map-problem" data-testid="map-problem">
            {t(problem)}
          </p>
        )}
        {problem === 'outsideZone' && point && props.onNearestPickup && (
          <NearestPickup
            cityId={city.id}
            point={point}
            restos={ctx.restos as Resto[]}
            onTake={props.onNearestPickup}
          />
        )}
      </div>
      <Button
        variant="primary"
        size="l"
        fullWidth
        disabled={problem !== null || lookup === 'pending'}
        aria-describedby={problem ? 'map-problem' : undefined}
        onClick={() => {
          if (!point || !label) return;
          props.onConfirmDelivery({
            ...(props.place ?? EMPTY_DELIVERY_PLACE),
            address: label.line,
            location: point,
          });
        }}
        data-testid="map-confirm"
      >
        {t('confirm')}
      </Button>
    </div>
  );
}

/** The info window of a pickup point: built as DOM nodes, so no restaurant text is parsed as HTML. */
function pickupInfo(resto: Resto, locale: Locale, t: TFunction<'location-map'>): HTMLElement {
  const root = document.createElement('div');
  root.className = styles.info ?? '';
  const name = document.createElement('strong');
  name.textContent = pickText(resto.name, locale);
  const street = document.createElement('span');
  street.textContent = pickText(resto.street, locale);
  // A pickup point: take-away's own hours and special days when it has them (decision 51).
  const hours = hoursOnDayAt(
    hoursFor(resto, 'TAKE_AWAY'),
    serverNow(),
    resto.timezone,
    specialDaysFor(resto.specialDays, 'TAKE_AWAY'),
  );
  const hoursLine = document.createElement('span');
  hoursLine.textContent = `${t('openingHours')}: ${
    hours.kind === 'hours'
      ? t('hours', { open: hours.open, close: hours.close }) +
        (hours.breakFrom ? t('hoursBreak', { from: hours.breakFrom, to: hours.breakTo }) : '')
      : hours.kind === 'day-off'
        ? t('dayOff')
        : t('roundTheClock')
  }`;
  root.append(name, street, hoursLine);
  return root;
}

function PickupMap(props: MapPartProps) {
  const { city, ctx, t } = props;
  const locale = useLocale();
  const points = takeAwayRestos(ctx.restos as Resto[]);
  const [restoId, setRestoId] = useState<number | null>(
    points.some((r) => r.id === props.restoId) ? props.restoId : null,
  );
  const view = useRef<MapView | null>(null);
  const chosen = points.find((r) => r.id === restoId);

  const select = (id: number) => {
    setRestoId(id);
    view.current?.openPickupInfo(id);
  };

  return (
    <div className={styles.layout}>
      <Suspense fallback={<div className={styles.mapPlaceholder} />}>
        <MapCanvas
          className={styles.map}
          center={chosen?.location ?? city.center}
          zoom={city.zoom || MAP_DEFAULT_ZOOM}
          bounds={city.bounds}
          interactive
          showZoomButtons
          label={t('pickupMapLabel')}
          onReady={(ready) => {
            view.current = ready;
            if (!ready) return;
            ready.setPickupPoints(
              points.map((resto) => ({
                id: resto.id,
                location: resto.location,
                title: pickText(resto.street, locale),
                info: pickupInfo(resto, locale, t),
              })),
              select,
            );
            if (restoId !== null) ready.openPickupInfo(restoId);
          }}
        />
      </Suspense>
      <div className={styles.summary} aria-live="polite">
        {chosen ? (
          <p className={styles.addressLine} data-testid="map-pickup">
            {pickText(chosen.street, locale)} · {pickText(chosen.name, locale)}
          </p>
        ) : (
          <p className={styles.problem} data-testid="map-problem">
            {t('pickupRequired')}
          </p>
        )}
      </div>
      <Button
        variant="primary"
        size="l"
        fullWidth
        disabled={!chosen}
        onClick={() => chosen && props.onConfirmPickup(chosen.id)}
        data-testid="map-confirm"
      >
        {t('confirm')}
      </Button>
    </div>
  );
}
