import { cx } from '../../../shared/ui/class-names.ts';
import styles from './status-line.module.css';
import type { ScheduleStatus } from './use-schedule-status.ts';

/** The open/closed line with a coloured dot (the dot repeats the words, so it is hidden from readers). */
export function StatusLine({ status, className }: { status: ScheduleStatus; className?: string }) {
  return (
    <p className={cx(styles.status, status.open ? styles.open : styles.closed, className)}>
      <span className={styles.dot} aria-hidden="true" />
      {status.text}
    </p>
  );
}
