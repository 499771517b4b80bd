import type { Bounds, LatLng } from '@storefront/domain';
import { useEffect, useRef, useState } from 'react';
import { useBrand } from '../config.tsx';
import { useLazyNamespace } from '../i18n/lazy-namespace.ts';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/class-names.ts';
import { Spinner } from '../ui/spinner.tsx';
import { loadMapFactory } from './load-map.ts';
import styles from './map-canvas.module.css';
import { mapTextsEn } from './map-texts.en.ts';
import { mapTexts } from './map-texts.ts';
import type { MapView } from './map-view.ts';

export interface MapCanvasProps {
  center: LatLng;
  zoom: number;
  bounds?: Bounds;
  interactive: boolean;
  /** Accessible name of the map region. */
  label: string;
  onClick?: (point: LatLng) => void;
  /** The view once the map is drawn; null when it goes away. */
  onReady: (view: MapView | null) => void;
  showZoomButtons?: boolean;
  className?: string;
}

/**
 * A map drawn by the brand's provider, with the loading and failure states and the zoom buttons. The
 * provider loads when this mounts; a failure offers a retry instead of an empty box.
 */
export default function MapCanvas(props: MapCanvasProps) {
  const { t, i18n } = useLazyNamespace('map', { ru: mapTexts, en: mapTextsEn });
  const brand = useBrand();
  const container = useRef<HTMLElement>(null);
  const [view, setView] = useState<MapView | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  // The map keeps the handlers it was created with: route them through refs to the latest props.
  const latest = useRef(props);
  latest.current = props;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is created once per attempt and language; later prop changes go through `latest`.
  useEffect(() => {
    let cancelled = false;
    let created: MapView | null = null;
    setState('loading');
    loadMapFactory(brand.maps, i18n.language)
      .then((createMap) => {
        if (cancelled || !container.current) return;
        const current = latest.current;
        created = createMap(container.current, {
          center: current.center,
          zoom: current.zoom,
          ...(current.bounds ? { bounds: current.bounds } : {}),
          interactive: current.interactive,
          colour: brand.theme.primary,
          label: current.label,
          onClick: (point) => latest.current.onClick?.(point),
        });
        setView(created);
        setState('ready');
        current.onReady(created);
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      if (created) {
        latest.current.onReady(null);
        created.destroy();
      }
      setView(null);
    };
  }, [attempt, i18n.language]);

  return (
    <div className={cx(styles.canvas, props.className)}>
      <section ref={container} className={styles.map} aria-label={props.label} />
      {state === 'loading' && (
        <div className={styles.status}>
          <Spinner size={32} label={t('loading')} />
        </div>
      )}
      {state === 'failed' && (
        <div className={styles.status} role="alert">
          <span>{t('failed')}</span>
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t('retry')}
          </Button>
        </div>
      )}
      {state === 'ready' && view && props.showZoomButtons && (
        <div className={styles.zoom}>
          <button type="button" className={styles.zoomButton} aria-label={t('zoomIn')} onClick={view.zoomIn}>
            +
          </button>
          <button
            type="button"
            className={styles.zoomButton}
            aria-label={t('zoomOut')}
            onClick={view.zoomOut}
          >
            −
          </button>
        </div>
      )}
    </div>
  );
}
