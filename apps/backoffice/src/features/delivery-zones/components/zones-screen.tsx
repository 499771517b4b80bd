import { type LatLng, pickText } from '@storefront/domain';
import type { AdminZone } from '@storefront/domain/contracts';
import { useBrand } from '@storefront/web/src/shared/config.tsx';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ZONE_COLOR } from '../model/zone-form.ts';
import { useCities, useCityZones } from '../model/zones-api.ts';
import styles from './delivery-zones.module.css';
import { ZoneCheck } from './zone-check.tsx';
import { ZoneFiles } from './zone-files.tsx';
import { ZoneFormPanel } from './zone-form-panel.tsx';
import { ZonesMap } from './zones-map.tsx';

/** What the side panel shows: the list and tools, or one zone's form (an existing one or a new one). */
type Open = { kind: 'none' } | { kind: 'zone'; id: number } | { kind: 'new' };

/**
 * /admin/restaurants/zones (decision 52): a city's delivery zones on the map beside a searchable list, a zone's form
 * in the side panel (below the map on a phone), "which zone serves this address", import and export.
 */
export function ZonesScreen() {
  const { t } = useTranslation('deliveryZones');
  const locale = useLocale();
  const brand = useBrand();
  const cityFieldId = useId();
  const cities = useCities();
  const [chosenCity, setChosenCity] = useState<number | null>(null);
  const cityId = chosenCity ?? cities.data?.[0]?.id ?? null;
  const city = cities.data?.find((one) => one.id === cityId) ?? null;
  const zones = useCityZones(cityId);
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const [polygon, setPolygon] = useState<LatLng[]>([]);
  const [color, setColor] = useState(DEFAULT_ZONE_COLOR);
  const [drawing, setDrawing] = useState(false);
  const [pin, setPin] = useState<LatLng | null>(null);
  const [pinning, setPinning] = useState(false);
  const [search, setSearch] = useState('');
  /** One per opening of the panel: a save keeps the panel (and its "saved" note), another zone replaces it. */
  const [session, setSession] = useState(0);
  /** The zone as the last save answered, until the list read again holds it. */
  const [lastSaved, setLastSaved] = useState<AdminZone | null>(null);

  const list = zones.data ?? [];
  const openZone =
    open.kind === 'zone'
      ? (list.find((zone) => zone.id === open.id) ?? (lastSaved?.id === open.id ? lastSaved : null))
      : null;
  const shown = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase(locale);
    return needle
      ? list.filter((zone) =>
          `${zone.name.ru} ${zone.name.en ?? ''}`.toLocaleLowerCase(locale).includes(needle),
        )
      : list;
  }, [list, search, locale]);

  const close = () => {
    setOpen({ kind: 'none' });
    setPolygon([]);
    setDrawing(false);
  };
  const select = (zone: AdminZone) => {
    setSession((n) => n + 1);
    setOpen({ kind: 'zone', id: zone.id });
    setPolygon(zone.polygon);
    setColor(zone.color ?? DEFAULT_ZONE_COLOR);
    setDrawing(false);
    setPinning(false);
  };
  const startNew = () => {
    setSession((n) => n + 1);
    setOpen({ kind: 'new' });
    setPolygon([]);
    setColor(DEFAULT_ZONE_COLOR);
    setDrawing(true);
    setPinning(false);
  };

  if (cities.isPending)
    return (
      <p className={styles.state} role="status">
        <Spinner size={20} /> {t('loading')}
      </p>
    );
  if (cities.isError || !city || cityId === null)
    return (
      <div className={styles.state} role="alert">
        <p>{t('failed')}</p>
        <Button variant="secondary" onClick={() => void cities.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );

  const cityName = pickText(city.name, locale);
  return (
    <section className={styles.screen} aria-labelledby="zones-title">
      <div className={styles.toolbar}>
        <h2 id="zones-title" className={styles.title}>
          {t('title')}
        </h2>
        <span className={styles.cityPicker}>
          <label htmlFor={cityFieldId}>{t('city')}</label>
          <select
            id={cityFieldId}
            value={cityId}
            onChange={(event) => {
              close();
              setPin(null);
              setChosenCity(Number(event.target.value));
            }}
          >
            {(cities.data ?? []).map((one) => (
              <option key={one.id} value={one.id}>
                {pickText(one.name, locale)}
              </option>
            ))}
          </select>
        </span>
        {open.kind === 'none' && <Button onClick={startNew}>{t('add')}</Button>}
      </div>
      <div className={styles.layout}>
        <ZonesMap
          key={city.id}
          city={city}
          label={t('mapLabel', { city: cityName })}
          locale={locale === 'en' ? 'en' : 'ru'}
          tileUrl={brand.maps.tileUrl}
          attribution={brand.maps.attribution}
          zones={list}
          selectedId={open.kind === 'zone' ? open.id : null}
          editPolygon={open.kind === 'none' ? [] : polygon}
          editColor={color}
          onPolygonChange={(ring) => {
            setPolygon(ring);
            setDrawing(false);
          }}
          drawing={open.kind === 'new' && drawing && polygon.length === 0}
          onSelect={(id) => {
            const zone = list.find((one) => one.id === id);
            if (zone && open.kind === 'none') select(zone);
          }}
          {...(pinning ? { onMapClick: (point: LatLng) => setPin(point) } : {})}
          pin={open.kind === 'none' ? pin : null}
        />
        <aside className={styles.side}>
          {open.kind !== 'none' ? (
            <ZoneFormPanel
              key={session}
              zone={openZone}
              polygon={polygon}
              restoId={null}
              color={color}
              onColorChange={setColor}
              onSaved={(saved) => {
                setLastSaved(saved);
                setOpen({ kind: 'zone', id: saved.id });
                setPolygon(saved.polygon);
              }}
              onDeleted={close}
              onClose={close}
            />
          ) : (
            <>
              <div className={styles.listPanel}>
                <input
                  type="search"
                  className={styles.search}
                  placeholder={t('search')}
                  aria-label={t('search')}
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
                {zones.isPending ? (
                  <p role="status">
                    <Spinner size={20} /> {t('loading')}
                  </p>
                ) : list.length === 0 ? (
                  <p className={styles.hint}>{t('empty')}</p>
                ) : shown.length === 0 ? (
                  <p className={styles.hint}>{t('nothingFound')}</p>
                ) : (
                  <ul className={styles.zoneList}>
                    {shown.map((zone) => (
                      <li key={zone.id}>
                        <button type="button" className={styles.zoneItem} onClick={() => select(zone)}>
                          <span
                            className={styles.swatch}
                            style={{ background: zone.color ?? DEFAULT_ZONE_COLOR }}
                            aria-hidden="true"
                          />
                          <span className={styles.zoneName}>{pickText(zone.name, locale)}</span>
                          <span className={styles.zoneMeta}>
                            {t('priorityShort', { value: zone.priority })}
                            {zone.isActive ? '' : ` · ${t('inactive')}`}
                          </span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <ZoneCheck
                cityId={cityId}
                bounds={city.bounds}
                maps={brand.maps}
                pin={pin}
                pinning={pinning}
                onPin={setPin}
                onPinning={setPinning}
              />
              <ZoneFiles cityId={cityId} restoId={null} />
            </>
          )}
        </aside>
      </div>
    </section>
  );
}
