import type { ComponentProps } from 'react';
import styles from './button.module.css';
import { cx } from './class-names.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'text';
export type ButtonSize = 'm' | 'l';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  /** m: 44 px high, l: 52 px high. */
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows a spinner over the (kept, so the width doesn't change) label; sets aria-busy and disables the button. */
  loading?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'm',
  fullWidth = false,
  loading = false,
  disabled,
  type = 'button',
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(styles.button, styles[variant], styles[size], fullWidth && styles.fullWidth, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      <span className={cx(styles.label, loading && styles.labelHidden)}>{children}</span>
      {loading && <Spinner size={size === 'l' ? 24 : 20} className={styles.spinner} />}
    </button>
  );
}

export interface IconButtonProps extends Omit<ComponentProps<'button'>, 'aria-label'> {
  /** Required: an icon button has no visible text. */
  'aria-label': string;
  /** plain: transparent; tonal: raised surface behind the icon. */
  variant?: 'plain' | 'tonal';
}

/** A 44 × 44 px round button for an icon (pass the icon as children, aria-hidden). */
export function IconButton({
  variant = 'plain',
  type = 'button',
  className,
  children,
  ...rest
}: IconButtonProps) {
  return (
    <button type={type} className={cx(styles.iconButton, styles[variant], className)} {...rest}>
      {children}
    </button>
  );
}
