import { type LatLng, pickText } from '@storefront/domain';
import type { AdminZoneCheck, BrandConfig } from '@storefront/domain/contracts';
import { createGeocoder } from '@storefront/web/src/features/location/geocoding/create-geocoder.ts';
import type { AddressSuggestion } from '@storefront/web/src/features/location/geocoding/geocoder.ts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kopecksOf } from '../model/zone-form.ts';
import { checkZonePoint } from '../model/zones-api.ts';
import styles from './delivery-zones.module.css';

const rubles = (kopecks: number) => (kopecks / 100).toLocaleString('ru-RU');

/**
 * "Which zone serves this address": an address typed (the storefront's own geocoder, so the same points) or a pin
 * dropped on the map, and an order total; the API answers as the storefront would, with the zones passed over.
 */
export function ZoneCheck({
  cityId,
  bounds,
  maps,
  pin,
  pinning,
  onPin,
  onPinning,
}: {
  cityId: number;
  bounds: { southWest: LatLng; northEast: LatLng };
  maps: BrandConfig['maps'];
  pin: LatLng | null;
  pinning: boolean;
  onPin: (point: LatLng) => void;
  onPinning: (on: boolean) => void;
}) {
  const { t } = useTranslation('deliveryZones');
  const locale = useLocale();
  const geocoder = useMemo(() => createGeocoder(maps), [maps]);
  const [query, setQuery] = useState('');
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [sum, setSum] = useState('1500');
  const [answer, setAnswer] = useState<AdminZoneCheck | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (query.trim().length < 3) {
      setSuggestions([]);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      geocoder
        .suggest(query, { bounds, locale, sessionToken: 'back-office', signal: abort.signal })
        .then(setSuggestions)
        .catch(() => {
          if (!abort.signal.aborted) setFailure(t('geocoderFailed'));
        });
    }, 300);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [query, geocoder, bounds, locale, t]);

  useEffect(() => {
    if (!pin) return;
    let live = true;
    setFailure(null);
    checkZonePoint(cityId, pin, kopecksOf(sum))
      .then((result) => live && setAnswer(result))
      .catch((error: Error) => live && setFailure(error.message));
    return () => {
      live = false;
    };
  }, [cityId, pin, sum]);

  const choose = async (suggestion: AddressSuggestion) => {
    setSuggestions([]);
    setQuery(suggestion.title);
    const place = suggestion.address ?? (await geocoder.resolve(suggestion, { locale }).catch(() => null));
    if (place) onPin(place.coordinates);
    else setFailure(t('geocoderFailed'));
  };

  const band = answer?.band;
  return (
    <section className={styles.tool} aria-labelledby="zone-check-title">
      <h3 id="zone-check-title" className={styles.toolTitle}>
        {t('checkTitle')}
      </h3>
      <p className={styles.hint}>{t('checkHint')}</p>
      <Field label={t('checkAddress')}>
        {(c) => (
          <input {...c} type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
        )}
      </Field>
      {suggestions.length > 0 && (
        <ul className={styles.suggestions}>
          {suggestions.map((suggestion) => (
            <li key={suggestion.id}>
              <button type="button" onClick={() => void choose(suggestion)}>
                {suggestion.title}
                {suggestion.subtitle ? `, ${suggestion.subtitle}` : ''}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.row}>
        <Button
          variant={pinning ? 'primary' : 'secondary'}
          onClick={() => onPinning(!pinning)}
          aria-pressed={pinning}
        >
          {t('checkPin')}
        </Button>
        <Field label={t('checkSum')}>
          {(c) => (
            <input {...c} inputMode="decimal" value={sum} onChange={(event) => setSum(event.target.value)} />
          )}
        </Field>
      </div>
      {pinning && <p className={styles.hint}>{t('checkPinHint')}</p>}
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
      {pin && answer && (
        <div role="status" className={styles.checkAnswer}>
          {answer.zone ? (
            <>
              <p>{t('checkZone', { name: pickText(answer.zone.name, locale) })}</p>
              {answer.resto && <p>{t('checkResto', { name: pickText(answer.resto.name, locale) })}</p>}
              {band && (
                <p>
                  <strong>
                    {t('checkBand', { price: rubles(band.deliveryPrice), minutes: band.timeMinutes })}
                  </strong>
                </p>
              )}
              {answer.bandProblem === 'delivery.order-sum-not-enough.range' && <p>{t('checkBelow')}</p>}
              {answer.bandProblem === 'delivery.order-sum-too-large' && <p>{t('checkAbove')}</p>}
            </>
          ) : (
            <p>{t('checkNone')}</p>
          )}
          {answer.others.map((other) => (
            <p key={other.zoneId} className={styles.hint}>
              {t('checkOther', { name: pickText(other.name, locale), reason: t(`reason_${other.reason}`) })}
            </p>
          ))}
        </div>
      )}
    </section>
  );
}
