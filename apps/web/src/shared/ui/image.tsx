import { PHOTO_MIME, photoSrcSets } from '@storefront/domain';
import { useState } from 'react';
import { apiUrl } from '../api-base.ts';
import { useBrowserDrawing } from '../platform/use-browser-drawing.ts';
import { cx } from './class-names.ts';
import styles from './image.module.css';

export interface FallbackImageProps {
  src: string | null | undefined;
  alt: string;
  /** Shown when src is empty or fails to load (the app passes '/media/placeholder.svg'). */
  fallbackSrc: string;
  /** CSS aspect-ratio of the box, reserved before the picture loads (no layout shift). */
  aspectRatio?: string;
  loading?: 'lazy' | 'eager';
  /** 'high' for the picture that is likely the largest on the first screen (the largest contentful paint, docs/benchmarks.md 'Lighthouse'). */
  fetchPriority?: 'high' | 'low' | 'auto';
  /** Applied to the box; it fills its container's width. */
  className?: string;
  /**
   * The box's width on the page (the `sizes` attribute, e.g. '(min-width: 600px) 33vw, 50vw'). With it, a photo the
   * server sized (decision 46) comes as AVIF, WebP or JPEG of the width the browser needs; other URLs as they are.
   */
  sizes?: string;
}

/** A picture in a fixed-ratio box (object-fit: cover) that falls back to a placeholder. */
export function FallbackImage({
  src,
  alt,
  fallbackSrc,
  aspectRatio = '16 / 9',
  loading = 'lazy',
  fetchPriority,
  className,
  sizes,
}: FallbackImageProps) {
  // Remembers which src failed, so a new src gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const wanted = src?.trim() ? src : null;
  const shown = wanted === null || wanted === failedSrc ? fallbackSrc : wanted;
  // A first screen the server drew has the boxes; the pictures come once the app has taken it over (decision 44).
  const pictured = useBrowserDrawing();
  const url = apiUrl(shown);
  const sets = sizes ? photoSrcSets(url) : null;
  const image = (
    <img
      key={shown}
      className={styles.image}
      src={url}
      srcSet={sets?.jpeg}
      sizes={sets ? sizes : undefined}
      alt={alt}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      onError={shown === fallbackSrc ? undefined : () => setFailedSrc(shown)}
    />
  );
  return (
    <span className={cx(styles.frame, className)} style={{ aspectRatio }}>
      {pictured &&
        (sets ? (
          <picture key={shown}>
            <source type={PHOTO_MIME.avif} srcSet={sets.avif} sizes={sizes} />
            <source type={PHOTO_MIME.webp} srcSet={sets.webp} sizes={sizes} />
            {image}
          </picture>
        ) : (
          image
        ))}
    </span>
  );
}
