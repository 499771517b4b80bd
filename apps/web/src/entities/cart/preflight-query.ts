import { defaultPaymentMethod, paymentOptionsFor } from '@storefront/domain';
import type { PreflightRequest, PreflightResponse } from '@storefront/domain/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { ApiError, apiFetch } from '../../shared/api-client.ts';
import { useBrand } from '../../shared/config.tsx';
import { useLocale } from '../../shared/i18n/use-locale.ts';
import { useConsent } from '../consent/consent-store.ts';
import { useCurrentLocation } from '../location/current-location.tsx';
import { useSelections } from '../location/selections-store.ts';
import { useOrderDraft } from '../order-draft/order-draft-store.ts';
import { personStore, usePerson } from '../session/person-store.ts';
import { freshAccessToken } from '../session/session.ts';
import { cartStore } from './cart-store.ts';
import { buildPreflightRequest, positionNames, preflightKey } from './preflight-request.ts';

const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/**
 * docs/product.md §7: the personal preflight with the bearer token when signed in (an expired access token is
 * refreshed first, through the session's single-flight refresh), else the anonymous one. A session that
 * ends on the way (the refresh token refused, or the server no longer knowing the token) does not lose
 * the cart: the same request goes anonymously.
 */
export async function fetchPreflight(
  request: PreflightRequest,
  personId: number | null,
): Promise<PreflightResponse> {
  if (personId !== null) {
    const token = await freshAccessToken();
    if (token && personStore.getState().profile?.id === personId) {
      try {
        return await apiFetch<PreflightResponse>(
          `/1/persons/${personId}/orders/preflight`,
          post(request, { authorization: `Bearer ${token}` }),
        );
      } catch (error) {
        if (!(error instanceof ApiError && (error.status === 401 || error.status === 403))) throw error;
      }
    }
  }
  return apiFetch<PreflightResponse>('/1/persons/orders/preflight', post(request));
}

/**
 * The preflight of the current cart, for the cart page and the checkout. It re-runs whenever the request
 * changes — delivery method, counts, person, promo code, address, payment method, order time, person
 * count, points to spend, the gift picked, the age confirmed — or at boot with a non-empty cart; the previous answer stays on screen while the next one runs.
 */
export function useCartPreflight(options: { preOrderAt?: string | null } = {}) {
  const brand = useBrand();
  const location = useCurrentLocation();
  const lines = useStore(cartStore, (state) => state.positions);
  const bonusToSpend = useStore(cartStore, (state) => state.bonusToSpend);
  const selectedMethod = useSelections((state) => state.deliveryMethod);
  const selectedPayment = useSelections((state) => state.paymentMethod);
  const deliveryPlace = useSelections((state) => state.deliveryPlace);
  const personCount = useOrderDraft((state) => state.personCount);
  const promoCode = useOrderDraft((state) => state.promoCode?.code ?? null);
  // The checkout's chosen pre-order time: the cart and the checkout price the same order (one query).
  const draftPreOrderAt = useOrderDraft((state) => state.preOrderAt);
  const giftPositionId = useOrderDraft((state) => state.giftPositionId);
  const adultConfirmed = useConsent((state) => state.adulthoodConfirmed);
  const personId = usePerson((state) => (state.profile && state.tokens ? state.profile.id : null));
  const queryClient = useQueryClient();
  const locale = useLocale();

  const resto = location.resto;
  const method = location.method ?? selectedMethod;
  const paymentMethod =
    selectedPayment ??
    (resto && method ? defaultPaymentMethod(paymentOptionsFor(resto.payConfig, method)) : null);
  const request =
    resto && method && paymentMethod && lines.length > 0
      ? buildPreflightRequest({
          lines,
          restoId: resto.id,
          deliveryMethod: method,
          paymentMethod,
          deliveryPlace,
          promoCode,
          personCount: brand.features.personCount ? personCount : undefined,
          preOrderAt: options.preOrderAt ?? draftPreOrderAt ?? null,
          names: positionNames(queryClient, lines, locale),
          // The checkout places `...request`: the order spends exactly what this preflight priced.
          bonusToSpend: personId !== null ? bonusToSpend : undefined,
          giftPositionId,
          adultConfirmed,
        })
      : null;

  const query = useQuery({
    queryKey: request ? preflightKey(request, personId) : ['preflight', personId, null],
    queryFn: () => {
      if (!request) throw new Error('No cart to check');
      return fetchPreflight(request, personId);
    },
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return { request, query, currency: resto?.currency ?? 'RUB' };
}
