import * as RadixDialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';
import { useIsWide } from './breakpoints.ts';
import { IconButton } from './button.tsx';
import { cx } from './class-names.ts';
import styles from './dialog.module.css';
import { CloseIcon } from './icons.tsx';

export interface ResponsiveDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The accessible title (aria-labelledby), shown in the header. */
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Actions under the scrollable body; stays visible while the body scrolls. */
  footer?: ReactNode;
  /** true: Escape, a click outside, a downward swipe and the X button close it. false: none of them. */
  dismissible?: boolean;
  /** false: no dimmed backdrop, the page stays visible (it's still modal: outside clicks don't reach it). */
  withScrim?: boolean;
  /** Narrow screens: the bottom sheet takes the whole height. */
  fullHeight?: boolean;
  /** Wide screens: 'compact' caps the width at 28 rem (confirmations) instead of --dialog-max-width. */
  size?: 'default' | 'compact';
  closeLabel?: string;
  /** Called on Escape even when not dismissible (e.g. Escape = cancel); preventDefault() keeps it open. */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  className?: string;
}

/** A centred dialog from 840 px up, a draggable bottom sheet below. Focus is trapped in both. */
export function ResponsiveDialog(props: ResponsiveDialogProps) {
  return useIsWide() ? <CentredDialog {...props} /> : <BottomSheet {...props} />;
}

function hasContent(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== '';
}

function dismissHandlers({ dismissible = true, onEscapeKeyDown }: ResponsiveDialogProps) {
  return {
    onEscapeKeyDown: (event: KeyboardEvent) => {
      onEscapeKeyDown?.(event);
      if (!dismissible) event.preventDefault();
    },
    onPointerDownOutside: (event: Event) => {
      if (!dismissible) event.preventDefault();
    },
    onInteractOutside: (event: Event) => {
      if (!dismissible) event.preventDefault();
    },
  };
}

/** Without a description Radix must not point aria-describedby at a missing element. */
function describedBy(description: ReactNode) {
  return hasContent(description) ? {} : { 'aria-describedby': undefined };
}

function Frame({
  title,
  description,
  children,
  footer,
  dismissible = true,
  closeLabel = 'Закрыть',
  onOpenChange,
}: ResponsiveDialogProps) {
  const showBody = hasContent(description) || hasContent(children);
  return (
    <>
      <div className={cx(styles.header, dismissible && styles.headerWithClose)}>
        <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
        {dismissible && (
          <IconButton aria-label={closeLabel} className={styles.close} onClick={() => onOpenChange(false)}>
            <CloseIcon />
          </IconButton>
        )}
      </div>
      {showBody && (
        <div className={styles.body}>
          {hasContent(description) && (
            <RadixDialog.Description asChild>
              <div className={styles.description}>{description}</div>
            </RadixDialog.Description>
          )}
          {children}
        </div>
      )}
      {hasContent(footer) && <div className={styles.footer}>{footer}</div>}
    </>
  );
}

function CentredDialog(props: ResponsiveDialogProps) {
  const { open, onOpenChange, description, withScrim = true, size = 'default', className } = props;
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={cx(styles.overlay, !withScrim && styles.overlayClear)} />
        <RadixDialog.Content
          className={cx(styles.dialog, size === 'compact' && styles.compact, className)}
          {...dismissHandlers(props)}
          {...describedBy(description)}
        >
          <Frame {...props} />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * Below 840 px the same Radix dialog, laid out as a sheet rising from the bottom. It closes by its
 * button, Escape or a tap outside; a drag-to-close gesture library would cost the first visit ~9 KB.
 */
function BottomSheet(props: ResponsiveDialogProps) {
  const {
    open,
    onOpenChange,
    description,
    dismissible = true,
    withScrim = true,
    fullHeight,
    className,
  } = props;
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={cx(styles.overlay, !withScrim && styles.overlayClear)} />
        <RadixDialog.Content
          ref={contentRef}
          className={cx(styles.sheet, fullHeight && styles.sheetFull, className)}
          data-sheet=""
          // Focus the sheet itself, not its first field: no on-screen keyboard jumping up on open.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            contentRef.current?.focus({ preventScroll: true });
          }}
          {...dismissHandlers(props)}
          {...describedBy(description)}
        >
          {dismissible && <div className={styles.handle} aria-hidden="true" />}
          <Frame {...props} />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
