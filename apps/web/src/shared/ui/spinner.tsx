import { useTranslation } from 'react-i18next';
import { cx } from './class-names.ts';
import styles from './spinner.module.css';

export interface SpinnerProps {
  /** Diameter in px. */
  size?: number;
  /** Announced to assistive technology; without it the spinner is decorative (aria-hidden). */
  label?: string;
  className?: string;
}

/** A circular indeterminate spinner, drawn and animated in CSS; colour: `--spinner-color` or the primary. */
export function Spinner({ size = 24, label, className }: SpinnerProps) {
  const circle = (
    <svg
      className={styles.svg}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <circle className={styles.track} cx="12" cy="12" r="9.5" />
      <circle className={styles.arc} cx="12" cy="12" r="9.5" />
    </svg>
  );
  if (!label) {
    return (
      <span className={cx(styles.spinner, className)} aria-hidden="true">
        {circle}
      </span>
    );
  }
  return (
    <span className={cx(styles.spinner, className)} role="status">
      {circle}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

export interface IndeterminateBarProps {
  /** Accessible name of the progress bar. */
  label?: string;
  className?: string;
}

/** A thin animated bar in the primary colour (boot splash, top-of-page loading). */
export function IndeterminateBar({ label, className }: IndeterminateBarProps) {
  // By default the interface language's 'Loading…'; Russian only outside the app's i18n.
  const { t } = useTranslation('common');
  label ??= t('loading', { defaultValue: 'Загрузка…' });
  return (
    <div className={cx(styles.bar, className)} role="progressbar" aria-label={label} aria-busy="true">
      <div className={styles.barFill} />
    </div>
  );
}
