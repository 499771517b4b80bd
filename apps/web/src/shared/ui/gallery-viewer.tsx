import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from 'react';
import { apiUrl } from '../api-base.ts';
import { IconButton } from './button.tsx';
import { Modal } from './dialog.tsx';
import styles from './gallery-viewer.module.css';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from './icons.tsx';

export interface GalleryImage {
  src: string;
  alt: string;
}

export interface GalleryViewerLabels {
  close: string;
  previous: string;
  next: string;
  /** The dialog's accessible name (visually hidden). */
  title: string;
}

export interface GalleryViewerProps {
  open: boolean;
  images: GalleryImage[];
  startIndex: number;
  onClose: () => void;
  labels?: Partial<GalleryViewerLabels>;
}

const DEFAULT_LABELS: GalleryViewerLabels = {
  close: 'Закрыть',
  previous: 'Предыдущее фото',
  next: 'Следующее фото',
  title: 'Просмотр фото',
};

/** Horizontal travel (px) that counts as a swipe. */
const SWIPE_MIN = 40;

function wrap(index: number, length: number): number {
  return length === 0 ? 0 : ((index % length) + length) % length;
}

/** Full-screen photo viewer (a native modal dialog): arrows / ←→ / swipe move (wrapping around), Escape and X close. */
export function GalleryViewer({ open, images, startIndex, onClose, labels }: GalleryViewerProps) {
  const text = { ...DEFAULT_LABELS, ...labels };
  const titleId = useId();
  const count = images.length;
  const [index, setIndex] = useState(startIndex);
  // Each opening starts at startIndex (state adjusted during render, no flash of the previous photo).
  const [opened, setOpened] = useState({ open, startIndex });
  if (opened.open !== open || opened.startIndex !== startIndex) {
    setOpened({ open, startIndex });
    if (open) setIndex(startIndex);
  }
  const current = wrap(index, count);
  const image = images[current];
  const move = (step: number) => setIndex(wrap(current + step, count));

  const swipeStart = useRef<{ x: number; y: number; id: number } | null>(null);
  const onPointerDown = (event: PointerEvent) => {
    if (event.isPrimary) swipeStart.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.id !== event.pointerId || count < 2) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_MIN && Math.abs(dx) > Math.abs(dy) * 1.5) move(dx < 0 ? 1 : -1);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'ArrowLeft') move(-1);
    else return;
    event.preventDefault();
  };

  return (
    <Modal
      open={open}
      onDismiss={onClose}
      aria-labelledby={titleId}
      overlayClassName={styles.overlay}
      contentClassName={styles.viewer}
      contentProps={{ onKeyDown }}
    >
      <h2 id={titleId} className="visually-hidden">
        {text.title}
      </h2>
      <div className={styles.topBar}>
        <p className={styles.counter} aria-live="polite" aria-atomic="true">
          {count > 0 ? `${current + 1} / ${count}` : ''}
        </p>
        <IconButton aria-label={text.close} variant="tonal" className={styles.control} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </div>
      <div
        className={styles.stage}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        {image && (
          <img
            key={image.src}
            className={styles.image}
            src={apiUrl(image.src)}
            alt={image.alt}
            decoding="async"
            draggable={false}
          />
        )}
        {count > 1 && (
          <>
            <IconButton
              aria-label={text.previous}
              variant="tonal"
              className={`${styles.control} ${styles.nav} ${styles.previous}`}
              onClick={() => move(-1)}
            >
              <ChevronLeftIcon />
            </IconButton>
            <IconButton
              aria-label={text.next}
              variant="tonal"
              className={`${styles.control} ${styles.nav} ${styles.next}`}
              onClick={() => move(1)}
            >
              <ChevronRightIcon />
            </IconButton>
          </>
        )}
      </div>
    </Modal>
  );
}
