import {
  type CustomerDeliveryMethod,
  type DeliveryDetailsInput,
  type DeliveryPlace,
  deliveryDetailsFromInput,
  deliveryDetailsInput,
  deliveryDetailsIssues,
  EMPTY_DELIVERY_PLACE,
  isSavedLocationUnchanged,
  type LocationProblemCode,
  needsAddressConfirmation,
  paymentMethodAfterSave,
  validateLocationDraft,
} from '@storefront/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { appFlagsStore, useAppFlags } from '../../../entities/app-flags/app-flags-store.ts';
import { useCurrentLocation } from '../../../entities/location/current-location.tsx';
import { cityLocationQuery } from '../../../entities/location/location-queries.ts';
import { selectionsStore } from '../../../entities/location/selections-store.ts';
import { useBrand } from '../../../shared/config.tsx';
import { issuesResolver } from '../../../shared/forms/issues-resolver.ts';
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
import { MethodStep } from './method-step.tsx';

/** Problems that come from the city's data, not from what the customer typed: shown at once. */
const DATA_PROBLEMS: readonly LocationProblemCode[] = [
  'no-restos',
  'no-menus',
  'no-zones',
  'no-pickup-points',
];

/** The delivery details' rules, from packages/domain: the API's contract checks the same limits. */
const detailsResolver = issuesResolver<DeliveryDetailsInput>(deliveryDetailsIssues);

function savedLocation() {
  const s = selectionsStore.getState();
  return { cityId: s.cityId, method: s.deliveryMethod, restoId: s.restoId, place: s.deliveryPlace };
}

/**
 * The location popup 'Адрес' (docs/product.md §2 item 2, §4 'Location selection'). It edits a draft; Save writes
 * city, method, place and restaurant back and resets the payment method if it is no longer allowed;
 * closing drops the draft, so the last saved state stays.
 */
export default function LocationPopupContent() {
  const { t } = useTranslation('location');
  const brand = useBrand();
  const queryClient = useQueryClient();
  const { cities } = useCurrentLocation();
  const persistent = useAppFlags((s) => s.locationPersistent);
  const [saved] = useState(savedLocation);
  const [draft, setDraft] = useState<LocationDraft>(() => draftFromSaved(saved, cities.length));
  // The delivery details (apartment … comment) are a form of their own; the draft keeps the rest. A long
  // comment is flagged as it is typed (docs/product.md §5), and Save is refused until it is cut.
  const details = useForm<DeliveryDetailsInput>({
    defaultValues: deliveryDetailsInput(saved.place),
    resolver: detailsResolver,
    mode: 'onChange',
  });
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

  const pickCity = async (cityId: number) => {
    setLoadingCityId(cityId);
    setCityFailed(false);
    try {
      const data = await queryClient.fetchQuery(cityLocationQuery(brand.whiteLabel, cityId));
      // Another city drops the place (chooseCity), and so its details.
      if (cityId !== draft.cityId) details.reset(deliveryDetailsInput(null));
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
              ...deliveryDetailsFromInput(details.getValues()),
            }
          : current.deliveryPlace,
      paymentMethod: draft.method ? paymentMethodAfterSave(current.paymentMethod, resto, draft.method) : null,
    });
    close();
  };

  const save = () => {
    setSubmitted(true);
    // Delivery saves the details too: the form checks them first (and focuses the first wrong one).
    if (draft.method === 'DELIVERY') void details.handleSubmit(saveChecked)();
    else saveChecked();
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

  const city = cities.find((c) => c.id === draft.cityId) ?? null;
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
              disabled={!location.isSuccess}
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
        ) : (
          <MethodStep
            city={city}
            canChangeCity={cities.length > 1}
            onChangeCity={() => {
              // The place goes with the city (clearCity), and so do its details.
              details.reset(deliveryDetailsInput(null));
              setDraft(clearCity(draft));
            }}
            draft={draft}
            ctx={ctx}
            loading={location.isPending}
            failed={location.isError}
            onRetry={() => void location.refetch()}
            problem={shownProblem}
            onMethod={(method: CustomerDeliveryMethod) => setDraft(switchMethod(draft, method, ctx))}
            onPoint={(place: DeliveryPlace) => setDraft(setDeliveryPoint(draft, place, ctx))}
            details={details}
            onPickup={(restoId: number) => setDraft(selectPickupResto(draft, restoId))}
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
