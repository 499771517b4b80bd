import type { AdminZoneImportResult } from '@storefront/domain/contracts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RestoPicker } from '../../../entities/restos/resto-picker.tsx';
import { downloadZones, useImportZones } from '../model/zones-api.ts';
import styles from './delivery-zones.module.css';

/** What an imported zone starts with: free delivery from any total in an hour, to be set afterwards. */
const IMPORT_BANDS = [{ orderPriceMin: 0, orderPriceMax: null, deliveryPrice: 0, timeMinutes: 60 }];

/**
 * A file (.geojson, .json or .kml) read in the browser, KML turned into GeoJSON by @tmcw/togeojson over the browser's
 * DOMParser (decision 52: the server parses no XML), previewed by a dry run, then applied; and the city's zones out as
 * GeoJSON or KML.
 */
export async function geoJsonOfFile(file: File): Promise<unknown> {
  const text = await file.text();
  if (/\.kml$/i.test(file.name) || text.trimStart().startsWith('<')) {
    const { kml } = await import('@tmcw/togeojson');
    return kml(new DOMParser().parseFromString(text, 'text/xml'));
  }
  return JSON.parse(text);
}

export function ZoneFiles({ cityId, restoId }: { cityId: number; restoId: number | null }) {
  const { t } = useTranslation('deliveryZones');
  const inputId = useId();
  const [target, setTarget] = useState<number | null>(restoId);
  const [geojson, setGeojson] = useState<unknown>(null);
  const [preview, setPreview] = useState<AdminZoneImportResult | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const importZones = useImportZones();

  const run = async (file: unknown, restaurant: number | null, dryRun: boolean) => {
    setFailure(null);
    if (!file || restaurant === null) return;
    try {
      const result = await importZones.mutateAsync({
        restoId: restaurant,
        geojson: file,
        bands: IMPORT_BANDS,
        dryRun,
      });
      if (dryRun) setPreview(result);
      else {
        setPreview(null);
        setGeojson(null);
        setDone(result.zones.length);
      }
    } catch (error) {
      setPreview(null);
      setFailure((error as Error).message);
    }
  };

  return (
    <section className={styles.tool} aria-labelledby="zone-files-title">
      <h3 id="zone-files-title" className={styles.toolTitle}>
        {t('importTitle')}
      </h3>
      <RestoPicker
        value={target}
        label={t('importResto')}
        onChange={(id) => {
          setTarget(id);
          void run(geojson, id, true);
        }}
      />
      <label htmlFor={inputId} className={styles.fileLabel}>
        {t('importFile')}
      </label>
      <input
        id={inputId}
        type="file"
        accept=".geojson,.json,.kml,application/geo+json,application/vnd.google-earth.kml+xml"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          setDone(null);
          if (!file) return;
          try {
            const parsed = await geoJsonOfFile(file);
            setGeojson(parsed);
            await run(parsed, target, true);
          } catch {
            setFailure(t('importFailed'));
          }
        }}
      />
      <p className={styles.hint}>{t('importBandsHint')}</p>
      {preview && (
        <div role="status" className={styles.checkAnswer}>
          <p>{t('importPreview', { count: preview.zones.length })}</p>
          <ul className={styles.previewList}>
            {preview.zones.map((zone) => (
              <li key={`${zone.name.ru}-${zone.polygon[0]?.lat}-${zone.polygon[0]?.lng}`}>
                <span
                  className={styles.swatch}
                  style={{ background: zone.color ?? undefined }}
                  aria-hidden="true"
                />
                {zone.name.ru}
              </li>
            ))}
          </ul>
          {preview.skipped.length > 0 && (
            <p>
              {t('importSkipped', {
                list: preview.skipped.map((s) => `${s.name} (${s.message})`).join(', '),
              })}
            </p>
          )}
          {preview.warnings.map((w) => (
            <p key={w.message} className={styles.warning}>
              {t('warning', { text: w.message })}
            </p>
          ))}
          <Button
            onClick={() => void run(geojson, target, false)}
            loading={importZones.isPending}
            disabled={preview.zones.length === 0}
          >
            {t('importApply')}
          </Button>
        </div>
      )}
      {done !== null && <p role="status">{t('importDone', { count: done })}</p>}
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
      <div className={styles.row}>
        <Button variant="secondary" onClick={() => void downloadZones(cityId, 'geojson')}>
          {t('exportGeoJson')}
        </Button>
        <Button variant="secondary" onClick={() => void downloadZones(cityId, 'kml')}>
          {t('exportKml')}
        </Button>
      </div>
    </section>
  );
}
