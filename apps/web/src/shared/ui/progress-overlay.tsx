import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsWide } from './breakpoints.ts';
import { Modal } from './dialog.tsx';
import styles from './progress-overlay.module.css';
import { Spinner } from './spinner.tsx';

export interface ProgressOverlayProps {
  open: boolean;
  /** Accessible name of the progress indicator (visually hidden). */
  label?: string;
}

/**
 * A modal full-screen scrim with a centred spinner (48 px wide / 40 px narrow, docs/product.md §9) while an action runs:
 * a native modal dialog (decision 37) that blocks pointer, keyboard (the page is inert) and Escape, and hides the
 * page from assistive technology.
 */
export function ProgressOverlay({ open, label }: ProgressOverlayProps) {
  // By default the interface language's 'Loading…'; Russian only outside the app's i18n.
  const { t } = useTranslation('common');
  label ??= t('loading', { defaultValue: 'Загрузка…' });
  const isWide = useIsWide();
  const labelId = useId();
  return (
    <Modal
      open={open}
      dismissible={false}
      initialFocus="content"
      aria-labelledby={labelId}
      overlayClassName={styles.scrim}
      contentClassName={styles.content}
      contentProps={{ role: 'progressbar', 'aria-busy': 'true', 'aria-labelledby': labelId }}
    >
      <span id={labelId} className="visually-hidden">
        {label}
      </span>
      <Spinner size={isWide ? 48 : 40} />
    </Modal>
  );
}
