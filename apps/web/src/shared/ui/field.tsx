import { type ReactElement, type ReactNode, useId } from 'react';
import { cx } from './class-names.ts';
import styles from './field.module.css';

/** What a field hands its control: spread it on the `<input>`, `<textarea>` or `<select>`. */
export interface FieldControlProps {
  id: string;
  className: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

/** Metrika's documented classes: the session recording hides the content and skips the keystrokes. */
export const PERSONAL_CLASSES = 'ym-hide-content ym-disable-keys';

export type FieldSize = 'm' | 'l';

/** A field's box (border, padding, colours) for a control that is not an input but should look like one. */
export const fieldBoxClass = styles.box;

export interface FieldProps {
  label: ReactNode;
  /** A line under the control that stays while an error shows (read after the label). */
  hint?: ReactNode;
  /** The message of the field's error, already in the interface language; none while valid. */
  error?: string | undefined;
  /** Marks the label (a '*' a screen reader skips) and sets aria-required on the control. */
  required?: boolean;
  /** m: 44 px high, body text (the default); l: 52 px, large text, for a form of one or two fields. */
  size?: FieldSize;
  /** More ids the control is described by, read after the hint and the error (an address problem, say). */
  describedBy?: string | undefined;
  /**
   * The field holds personal data (name, phone, e-mail, address, comment): its control carries Metrika's
   * `ym-hide-content` and `ym-disable-keys`, so session recording shows neither its text nor its keys.
   */
  personal?: boolean;
  className?: string;
  /** The control, given its id, class and aria wiring: `{(control) => <input {...control} {...register('x')} />}`. */
  children: (control: FieldControlProps) => ReactElement;
}

/**
 * One form field (DESIGN 'Forms'): label, control, hint and error message, wired for assistive
 * technology — the label names the control, the hint and the error describe it (aria-describedby),
 * aria-invalid follows the error, and the error is announced when it appears (role="alert").
 * Every form builds its fields with it; react-hook-form supplies the control's props and the error.
 */
export function Field({
  label,
  hint,
  error,
  required = false,
  size = 'm',
  describedBy,
  personal = false,
  className,
  children,
}: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describers = [hint ? hintId : null, error ? errorId : null, describedBy].filter(Boolean);
  return (
    <div className={cx(styles.field, size === 'l' && styles.large, className)}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {children({
        id,
        className: cx(styles.control, personal && PERSONAL_CLASSES),
        'aria-invalid': !!error,
        'aria-describedby': describers.length > 0 ? describers.join(' ') : undefined,
        'aria-required': required || undefined,
      })}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
