import * as RadixDialog from '@radix-ui/react-dialog';
import { useIsWide } from './breakpoints.ts';
import styles from './progress-overlay.module.css';
import { Spinner } from './spinner.tsx';

export interface ProgressOverlayProps {
  open: boolean;
  /** Accessible name of the progress indicator (visually hidden). */
  label?: string;
}

const ignore = (event: Event) => event.preventDefault();

/**
 * A modal full-screen scrim with a centred spinner (48 px wide / 40 px narrow, docs/product.md §9) while an action runs:
 * it blocks pointer, keyboard (focus is trapped) and Escape, and hides the page from assistive technology.
 */
export function ProgressOverlay({ open, label = 'Загрузка…' }: ProgressOverlayProps) {
  const isWide = useIsWide();
  return (
    <RadixDialog.Root open={open}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.scrim} />
        <RadixDialog.Content
          className={styles.content}
          role="progressbar"
          aria-busy="true"
          aria-describedby={undefined}
          onEscapeKeyDown={ignore}
          onPointerDownOutside={ignore}
          onInteractOutside={ignore}
        >
          <RadixDialog.Title asChild>
            <span className="visually-hidden">{label}</span>
          </RadixDialog.Title>
          <Spinner size={isWide ? 48 : 40} />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
