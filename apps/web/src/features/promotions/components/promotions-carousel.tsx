import { pickText } from '@storefront/domain';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { AppLink } from '../../../shared/navigation/app-link.tsx';
import { useMediaQuery } from '../../../shared/ui/breakpoints.ts';
import { IconButton } from '../../../shared/ui/button.tsx';
import { cx } from '../../../shared/ui/class-names.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../shared/ui/icons.tsx';
import { FallbackImage } from '../../../shared/ui/image.tsx';
import styles from './promotions-carousel.module.css';
import { promotionTarget, usePromotions } from './use-promotions.ts';

/**
 * docs/product.md §9 'Promotions list priority cap': the carousel shows the first 6 (the answer is sorted by
 * priority). Same value as PROMOTIONS_PRIORITY_CAP in contracts, not imported: contracts pull zod.
 */
const PRIORITY_CAP = 6;
/** docs/product.md §9 'Carousel interval'. */
const INTERVAL_MS = 6000;
/** A swipe or a smooth scroll has ended when no scroll event came for this long. */
const SCROLL_SETTLE_MS = 120;

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

function slideElements(track: HTMLElement): HTMLElement[] {
  return Array.from(track.children) as HTMLElement[];
}

/** Scroll offset that puts slide `index` at the start of the track. */
function offsetOf(track: HTMLElement, index: number): number {
  const slides = slideElements(track);
  return (slides[index]?.offsetLeft ?? 0) - (slides[0]?.offsetLeft ?? 0);
}

/** The slide nearest to the track's start (the first visible one). */
function indexAt(track: HTMLElement): number {
  const count = track.children.length;
  let best = 0;
  for (let i = 1; i < count; i += 1) {
    if (
      Math.abs(offsetOf(track, i) - track.scrollLeft) < Math.abs(offsetOf(track, best) - track.scrollLeft)
    ) {
      best = i;
    }
  }
  return best;
}

/** Scrolled to the end: the last slides are all visible (2–3 per view on desktop), so 'next' wraps. */
function atEnd(track: HTMLElement | null): boolean {
  return (
    track !== null &&
    track.scrollWidth > track.clientWidth &&
    track.scrollLeft + track.clientWidth >= track.scrollWidth - 2
  );
}

/**
 * Home: the promotions running now as a swipeable strip (CSS scroll snap), one slide per view on phones
 * with the next peeking, 2–3 on wider screens. It moves on every 6 s unless hovered, focused, touched,
 * stopped, the page is hidden or the user prefers reduced motion.
 */
export function PromotionsCarousel({ className }: { className?: string }) {
  const { t } = useTranslation('promotions');
  const locale = useLocale();
  const slides = (usePromotions().data ?? []).slice(0, PRIORITY_CAP);
  const count = slides.length;
  const trackRef = useRef<HTMLDivElement>(null);
  const settleTimer = useRef<number | undefined>(undefined);
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [touched, setTouched] = useState(false);
  const [stopped, setStopped] = useState(false);
  const pageVisible = usePageVisible();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const current = Math.max(0, Math.min(index, count - 1));
  const canRotate = count > 1 && !reducedMotion;
  const rotating = canRotate && !stopped && !hovered && !focused && !touched && pageVisible;

  const goTo = useCallback(
    (target: number) => {
      const track = trackRef.current;
      track?.scrollTo?.({ left: offsetOf(track, target), behavior: reducedMotion ? 'auto' : 'smooth' });
      setIndex(target);
    },
    [reducedMotion],
  );

  const next = useCallback(
    () => goTo(atEnd(trackRef.current) ? 0 : (current + 1) % count),
    [goTo, current, count],
  );
  const previous = () => goTo(current === 0 ? count - 1 : current - 1);

  // A timeout per slide, not an interval: after a swipe the next move comes a full interval later.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(next, INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, next]);

  useEffect(() => () => window.clearTimeout(settleTimer.current), []);

  const onScroll = () => {
    window.clearTimeout(settleTimer.current);
    settleTimer.current = window.setTimeout(() => {
      if (trackRef.current) setIndex(indexAt(trackRef.current));
    }, SCROLL_SETTLE_MS);
  };

  if (count === 0) return null;
  return (
    <section
      className={cx(styles.carousel, className)}
      aria-roledescription="carousel"
      aria-label={t('carousel')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onTouchStart={() => setTouched(true)}
      onTouchEnd={() => setTouched(false)}
      onTouchCancel={() => setTouched(false)}
    >
      <div className={styles.viewport}>
        <div
          ref={trackRef}
          className={styles.track}
          onScroll={onScroll}
          aria-live={rotating ? 'off' : 'polite'}
        >
          {slides.map((promotion, i) => (
            // biome-ignore lint/a11y/useSemanticElements: WAI-ARIA carousel pattern: a slide is a labelled group, not a form fieldset.
            <div
              key={promotion.id}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={t('slide', { index: i + 1, total: count })}
            >
              <AppLink
                to={promotionTarget(promotion)}
                state={promotion.linkMenuId ? undefined : { from: 'home' }}
                className={styles.link}
              >
                <FallbackImage
                  src={promotion.image}
                  alt=""
                  fallbackSrc="/media/placeholder.svg"
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : undefined}
                  className={styles.image}
                />
                <span className={styles.title}>{pickText(promotion.title, locale)}</span>
              </AppLink>
            </div>
          ))}
        </div>
        {count > 1 && (
          <>
            <IconButton
              variant="tonal"
              className={cx(styles.arrow, styles.previous)}
              aria-label={t('previous')}
              onClick={previous}
            >
              <ChevronLeftIcon />
            </IconButton>
            <IconButton
              variant="tonal"
              className={cx(styles.arrow, styles.next)}
              aria-label={t('next')}
              onClick={next}
            >
              <ChevronRightIcon />
            </IconButton>
          </>
        )}
      </div>
      {count > 1 && (
        <div className={styles.status}>
          {canRotate && (
            <button
              type="button"
              className={styles.rotation}
              aria-label={stopped ? t('play') : t('pause')}
              onClick={() => setStopped(!stopped)}
            >
              <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                <path fill="currentColor" d={stopped ? 'M4 2.5v11l9-5.5z' : 'M4 2.5h3v11H4zm5 0h3v11H9z'} />
              </svg>
            </button>
          )}
          <span className={styles.indicator} aria-hidden="true">
            {current + 1} / {count}
          </span>
        </div>
      )}
    </section>
  );
}
