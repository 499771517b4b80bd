import {
  type CustomerDeliveryMethod,
  type DeliveryPlace,
  deliveryDetailsFromInput,
  deliveryDetailsInput,
  EMPTY_DELIVERY_PLACE,
  isSavedLocationUnchanged,
  type LocationProblemCode,
  needsAddressConfirmation,
  paymentMethodAfterSave,
  validateLocationDraft,
} from '@storefront/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appFlagsStore, useAppFlags } from '../../../entities/app-flags/app-flags-store.ts';
import { useCurrentLocation } from '../../../entities/location/current-location.tsx';
import { cityLocationQuery } from '../../../entities/location/location-queries.ts';
import { selectionsStore } from '../../../entities/location/selections-store.ts';
import { useBrand } from '../../../shared/config.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { ConfirmationPopup } from '../../../shared/ui/confirmation-popup.tsx';
import { ResponsiveDialog } from '../../../shared/ui/dialog.tsx';
import {
  autoSelectedCityId,
  chooseCity,
  clearCity,
  draftFromSaved,
  type LocationContext,
  type LocationDraft,
  selectPickupResto,
  setDeliveryPoint,
  switchMethod,
} from '../model/popup-steps.ts';
import { CityStep } from './city-step.tsx';
import type { DeliveryDetailsForm } from './method-step-form.tsx';
import { loadedMethodStepForm, loadMethodStepForm } from './method-step-form-loader.ts';
import { MethodStepFrame } from './method-step-frame.tsx';

// For location-popup.tsx, which asks for the method step's chunk right after this one when a city is saved.
export { loadMethodStepForm } from './method-step-form-loader.ts';

/** Problems that come from the city's data, not from what the customer typed: shown at once. */
const DATA_PROBLEMS: readonly LocationProblemCode[] = [
  'no-restos',
  'no-menus',
  'no-zones',
  'no-pickup-points',
];

function savedLocation() {
  const s = selectionsStore.getState();
  return { cityId: s.cityId, method: s.deliveryMethod, restoId: s.restoId, place: s.deliveryPlace };
}

/**
 * The location popup 'Адрес' (docs/product.md §2 item 2, §4 'Location selection'). It edits a draft; Save writes
 * city, method, place and restaurant back and resets the payment method if it is no longer allowed;
 * closing drops the draft, so the last saved state stays.
 *
 * The method step and its delivery-details form are a chunk of their own (method-step-form.tsx): a first
 * visit's popup opens on the city step, which needs no form code. That chunk loads beside the city's data
 * when a city is picked (or picked for the customer: one city), and at once when the popup opens on the
 * method step (a saved city; location-popup.tsx then waits for it before the popup shows).
 */
export default function LocationPopupContent() {
  const { t } = useTranslation('location');
  const brand = useBrand();
  const queryClient = useQueryClient();
  const { cities } = useCurrentLocation();
  const persistent = useAppFlags((s) => s.locationPersistent);
  const [saved] = useState(savedLocation);
  // 'Method selection only' hides the city step: only with a saved city to stay in.
  const methodOnly = useAppFlags((s) => s.locationMethodOnly) && saved.cityId !== null;
  const canChangeCity = cities.length > 1 && !methodOnly;
  const [draft, setDraft] = useState<LocationDraft>(() => draftFromSaved(saved, cities.length));
  // The delivery details (apartment … comment) are a form of their own, owned by the method step's chunk
  // (method-step-form.tsx), which hands its handle here while it is mounted; the draft keeps the rest. The
  // form starts from `initialDetails`: the saved ones, none once the city changed.
  const [stepChunk, setStepChunk] = useState(loadedMethodStepForm);
  const [stepChunkFailed, setStepChunkFailed] = useState(false);
  const [details, setDetails] = useState<DeliveryDetailsForm | null>(null);
  const [initialDetails, setInitialDetails] = useState(() => deliveryDetailsInput(saved.place));
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [loadingCityId, setLoadingCityId] = useState<number | null>(null);
  const [cityFailed, setCityFailed] = useState(false);

  const location = useQuery({
    ...cityLocationQuery(brand.whiteLabel, draft.cityId ?? 0),
    enabled: draft.cityId !== null,
  });
  const ctx: LocationContext = {
    restos: location.data?.restos ?? [],
    zones: location.data?.deliveryZones ?? [],
    savedCityId: saved.cityId,
    savedRestoId: saved.restoId,
  };

  /** The place goes with the city (chooseCity, clearCity), and so do its details. */
  const dropDetails = () => {
    setInitialDetails(deliveryDetailsInput(null));
    details?.reset(deliveryDetailsInput(null));
  };

  const pickCity = async (cityId: number) => {
    setLoadingCityId(cityId);
    setCityFailed(false);
    try {
      // The method step's chunk comes beside the city's data, so the step shows with both at once.
      const [data, chunk] = await Promise.all([
        queryClient.fetchQuery(cityLocationQuery(brand.whiteLabel, cityId)),
        loadMethodStepForm(),
      ]);
      setStepChunk(chunk);
      setStepChunkFailed(false);
      if (cityId !== draft.cityId) dropDetails();
      setDraft((current) =>
        chooseCity(current, cityId, { ...ctx, restos: data.restos, zones: data.deliveryZones }),
      );
      setSubmitted(false);
    } catch {
      setCityFailed(true);
    } finally {
      setLoadingCityId(null);
    }
  };

  // docs/product.md §2: with one city the city step is skipped.
  const onlyCity = autoSelectedCityId(cities.map((c) => c.id));
  // biome-ignore lint/correctness/useExhaustiveDependencies: pickCity changes every render; this runs per city.
  useEffect(() => {
    if (draft.cityId === null && onlyCity !== null) void pickCity(onlyCity);
  }, [draft.cityId, onlyCity]);

  const city = cities.find((c) => c.id === draft.cityId) ?? null;
  const atMethodStep = draft.step === 'deliveryMethodSelection' && city !== null;

  // The method step's chunk, when the popup opens on the method step (a saved city whose chunk is not in yet).
  // Not ahead of a city pick: on a first visit that would still be the first screen's download (decision 34
  // counts every script fetched before the network goes idle), for a step the customer may never reach.
  useEffect(() => {
    if (!atMethodStep || stepChunk || stepChunkFailed) return;
    let current = true;
    loadMethodStepForm().then(
      (chunk) => current && setStepChunk(chunk),
      () => current && setStepChunkFailed(true),
    );
    return () => {
      current = false;
    };
  }, [atMethodStep, stepChunk, stepChunkFailed]);

  const problem = location.isSuccess ? validateLocationDraft(draft, ctx) : null;
  const shownProblem = problem && (submitted || DATA_PROBLEMS.includes(problem.code)) ? problem.code : null;

  const close = () => appFlagsStore.getState().closeLocation();

  const commit = () => {
    const resto = ctx.restos.find((r) => r.id === draft.restoId) ?? null;
    const current = selectionsStore.getState();
    current.save({
      cityId: draft.cityId,
      deliveryMethod: draft.method,
      restoId: draft.restoId,
      deliveryPlace:
        draft.method === 'DELIVERY'
          ? {
              ...(draft.place ?? EMPTY_DELIVERY_PLACE),
              ...deliveryDetailsFromInput(details?.values() ?? initialDetails),
            }
          : current.deliveryPlace,
      paymentMethod: draft.method ? paymentMethodAfterSave(current.paymentMethod, resto, draft.method) : null,
    });
    close();
  };

  const save = () => {
    setSubmitted(true);
    // Delivery saves the details too: the form checks them first (and focuses the first wrong one).
    if (draft.method !== 'DELIVERY') saveChecked();
    else details?.submit(saveChecked);
  };

  const saveChecked = () => {
    if (!location.isSuccess || problem) return;
    // docs/product.md §5: an unchanged saved address skips its checks; a new one without a house number asks first.
    const unchanged = isSavedLocationUnchanged(saved.place, draft.place);
    if (draft.method === 'DELIVERY' && !unchanged && needsAddressConfirmation(draft.place, false)) {
      setConfirming(true);
      return;
    }
    commit();
  };

  const onChangeCity = () => {
    dropDetails();
    setDraft(clearCity(draft));
  };
  const MethodStepForm = stepChunk?.default;
  return (
    <>
      <ResponsiveDialog
        open
        onOpenChange={(next) => !next && close()}
        title={t('title')}
        dismissible={!persistent}
        withScrim={!persistent}
        fullHeight
        footer={
          draft.step === 'deliveryMethodSelection' ? (
            <Button
              variant="primary"
              size="l"
              fullWidth
              onClick={save}
              disabled={!location.isSuccess || !details}
              data-testid="location-save"
            >
              {t('save')}
            </Button>
          ) : undefined
        }
      >
        {draft.step === 'citySelection' || !city ? (
          <CityStep
            cities={cities}
            selectedCityId={draft.cityId}
            loadingCityId={loadingCityId}
            failed={cityFailed}
            onPick={pickCity}
          />
        ) : !MethodStepForm ? (
          // The method step's loading state, while its chunk is on its way.
          <MethodStepFrame
            city={city}
            canChangeCity={canChangeCity}
            onChangeCity={onChangeCity}
            loading={!stepChunkFailed}
            failed={stepChunkFailed}
            onRetry={() => setStepChunkFailed(false)}
          />
        ) : (
          <MethodStepForm
            ref={setDetails}
            initialDetails={initialDetails}
            city={city}
            canChangeCity={canChangeCity}
            onChangeCity={onChangeCity}
            draft={draft}
            ctx={ctx}
            loading={location.isPending}
            failed={location.isError}
            onRetry={() => void location.refetch()}
            problem={shownProblem}
            onMethod={(method: CustomerDeliveryMethod) => setDraft(switchMethod(draft, method, ctx))}
            onPoint={(place: DeliveryPlace) => setDraft(setDeliveryPoint(draft, place, ctx))}
            onPickup={(restoId: number) => setDraft(selectPickupResto(draft, restoId))}
            onNearestPickup={(restoId: number) =>
              setDraft(selectPickupResto(switchMethod(draft, 'TAKE_AWAY', ctx), restoId))
            }
          />
        )}
      </ResponsiveDialog>
      <ConfirmationPopup
        open={confirming}
        headline={t('confirmTitle')}
        supportingText={t('confirmText')}
        confirmText={t('continueWithout')}
        cancelText={t('refine')}
        onConfirm={() => {
          setConfirming(false);
          commit();
        }}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
