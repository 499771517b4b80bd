import {
  createContext,
  type HTMLAttributes,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
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
  /** true: Escape, a click outside and the X button close it. false: none of them. */
  dismissible?: boolean;
  /** false: no dimmed backdrop, the page stays visible (it's still modal: outside clicks don't reach it). */
  withScrim?: boolean;
  /** Narrow screens: the bottom sheet takes the whole height. */
  fullHeight?: boolean;
  /** Wide screens: 'compact' caps the width at 28 rem (confirmations) instead of --dialog-max-width. */
  size?: 'default' | 'compact';
  /** The close button's name; by default the interface language's 'Close' (common:close). */
  closeLabel?: string;
  /** Called on Escape even when not dismissible (e.g. Escape = cancel); preventDefault() keeps it open. */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  className?: string;
}

/** A centred dialog from 840 px up, a bottom sheet below; both a native modal <dialog> (decision 37). */
export function ResponsiveDialog(props: ResponsiveDialogProps) {
  const {
    open,
    onOpenChange,
    title,
    description,
    children,
    footer,
    dismissible = true,
    withScrim = true,
    fullHeight,
    size = 'default',
    closeLabel: givenCloseLabel,
    onEscapeKeyDown,
    className,
  } = props;
  const { t } = useTranslation('common');
  // The Russian default serves only a dialog drawn outside the app's i18n (the UI kit's own tests).
  const closeLabel = givenCloseLabel ?? t('close', { defaultValue: 'Закрыть' });
  const wide = useIsWide();
  const titleId = useId();
  const descriptionId = useId();
  const described = hasContent(description);
  const showBody = described || hasContent(children);
  return (
    <Modal
      open={open}
      onDismiss={() => onOpenChange(false)}
      dismissible={dismissible}
      onEscapeKeyDown={onEscapeKeyDown}
      // The sheet focuses itself, not its first field: no on-screen keyboard jumping up on open.
      initialFocus={wide ? 'first' : 'content'}
      aria-labelledby={titleId}
      aria-describedby={described ? descriptionId : undefined}
      data-sheet={wide ? undefined : ''}
      overlayClassName={cx(styles.overlay, !withScrim && styles.overlayClear)}
      contentClassName={
        wide
          ? cx(styles.dialog, size === 'compact' && styles.compact, className)
          : cx(styles.sheet, fullHeight && styles.sheetFull, className)
      }
    >
      {/* Below 840 px it closes by its button, Escape or a tap outside; a drag-to-close gesture library
          would cost the first visit ~9 KB. */}
      {!wide && dismissible && <div className={styles.handle} aria-hidden="true" />}
      <div className={cx(styles.header, dismissible && styles.headerWithClose)}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {dismissible && (
          <IconButton aria-label={closeLabel} className={styles.close} onClick={() => onOpenChange(false)}>
            <CloseIcon />
          </IconButton>
        )}
      </div>
      {showBody && (
        <div className={styles.body}>
          {described && (
            <div id={descriptionId} className={styles.description}>
              {description}
            </div>
          )}
          {children}
        </div>
      )}
      {hasContent(footer) && <div className={styles.footer}>{footer}</div>}
    </Modal>
  );
}

function hasContent(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== '';
}

type DialogAttributes = Omit<
  HTMLAttributes<HTMLDialogElement>,
  'children' | 'className' | 'onCancel' | 'onClose'
> & {
  [data: `data-${string}`]: string | undefined;
};

export interface ModalProps extends DialogAttributes {
  open: boolean;
  /** Escape (or another close request of the browser) or a click on the backdrop; never when not dismissible. */
  onDismiss?: () => void;
  dismissible?: boolean;
  /** Called on Escape even when not dismissible; preventDefault() keeps it open. */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  /** On open, focus 'first': the first tabbable element but links (else the content), or the 'content' itself. */
  initialFocus?: 'first' | 'content';
  /** The backdrop (scrim): a click on it is a click outside. */
  overlayClassName?: string;
  contentClassName?: string;
  contentProps?: HTMLAttributes<HTMLDivElement> & { [data: `data-${string}`]: string | undefined };
  children?: ReactNode;
}

/**
 * A native modal <dialog> (decision 37): showModal() puts it in the top layer and makes the rest of the
 * page inert; we add the dismissing rules, the first focus, its return, the page's scroll lock and the
 * exit animation. The <dialog> is a transparent full-viewport frame holding the overlay and the content,
 * so the scrim is a styled element (::backdrop reads no custom properties in older Safari and Chrome) and
 * a click on the overlay is a click outside. Portalled to <body> like before: styles inherited from where
 * it is used, an enclosing <form> or <p> don't reach it.
 */
export function Modal({ open, ...props }: ModalProps) {
  const [shown, setShown] = useState(open);
  if (open && !shown) setShown(true);
  const exited = useCallback(() => setShown(false), []);
  if (!shown) return null;
  // Drawn on the server (decision 44): in place, open, shown over the page by its styles until the app's own
  // modal replaces it. A server has no body to portal to, and no top layer.
  if (typeof document === 'undefined')
    return <ModalFrame open={open} onExited={exited} drawnByServer {...props} />;
  return createPortal(<ModalFrame open={open} onExited={exited} {...props} />, document.body);
}

/**
 * Whether the page came with a dialog the server drew (a first visit's location popup, decision 44): the app's
 * first modal then takes its place without the opening animation, which the customer has already seen.
 */
let serverDrewDialog =
  typeof document !== 'undefined' && document.querySelector('dialog[data-drawn-by-server]') !== null;

function takeServerDrawnDialog(): boolean {
  const drawn = serverDrewDialog;
  serverDrewDialog = false;
  return drawn;
}

/** A modal opened from within another one opens after it (React runs a child's effects first): top layer order, focus. */
interface Opening {
  opened: boolean;
  waiting: (() => void)[];
}
const ParentModal = createContext<Opening | null>(null);

function ModalFrame({
  open,
  onExited,
  onDismiss,
  dismissible = true,
  onEscapeKeyDown,
  initialFocus = 'first',
  overlayClassName,
  contentClassName,
  contentProps,
  children,
  drawnByServer = false,
  ...attributes
}: ModalProps & { onExited: () => void; drawnByServer?: boolean }) {
  const parent = useContext(ParentModal);
  const [replacesDrawn] = useState(takeServerDrawnDialog);
  const [opening] = useState<Opening>(() => ({ opened: false, waiting: [] }));
  const dialogRef = useRef<HTMLDialogElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const state = open ? 'open' : 'closed';

  /** Escape, or another close request (Android's back): the consumer may keep it open. */
  const closeRequest = () => {
    if (!open) return;
    const request = new KeyboardEvent('keydown', { key: 'Escape', cancelable: true });
    onEscapeKeyDown?.(request);
    if (dismissible && !request.defaultPrevented) onDismiss?.();
  };
  const onKeyDown = (event: ReactKeyboardEvent<HTMLDialogElement>) => {
    attributes.onKeyDown?.(event);
    // A dialog opened from this one handles its own Escape (portals bubble through React's tree).
    if (event.key !== 'Escape' || !dialogRef.current?.contains(event.target as Node)) return;
    // A cancelled keydown makes no close request: the browser neither closes it nor fires 'cancel'.
    event.preventDefault();
    event.stopPropagation();
    closeRequest();
  };
  const onClick = (event: ReactMouseEvent<HTMLDialogElement>) => {
    attributes.onClick?.(event);
    if (event.target === overlayRef.current && open && dismissible) onDismiss?.();
  };
  // A close request that reached the dialog without a keydown inside it (focus on the body, Android's back).
  const onCancelRequest = useEffectEvent((event: Event) => {
    event.preventDefault();
    closeRequest();
  });
  // The browser closed it itself (a repeated close request it lets no page cancel).
  const onNativeClose = useEffectEvent(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    if (dismissible) {
      onDismiss?.();
    } else {
      dialog.showModal();
      focusInitial(contentRef.current, initialFocus);
    }
  });
  const focusFirst = useEffectEvent(() => focusInitial(contentRef.current, initialFocus));

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    let previous: Element | null = null;
    let unlock: (() => void) | null = null;
    const cancel = (event: Event) => onCancelRequest(event);
    const close = () => onNativeClose();
    const show = () => {
      previous = document.activeElement;
      dialog.addEventListener('cancel', cancel);
      dialog.addEventListener('close', close);
      dialog.showModal();
      focusFirst();
      unlock = lockScroll();
      opening.opened = true;
      for (const next of opening.waiting.splice(0)) next();
    };
    if (parent && !parent.opened) parent.waiting.push(show);
    else show();
    return () => {
      if (parent) parent.waiting = parent.waiting.filter((next) => next !== show);
      if (!opening.opened) return;
      opening.opened = false;
      dialog.removeEventListener('cancel', cancel);
      dialog.removeEventListener('close', close);
      const focused = document.activeElement;
      const focusInside = !focused || focused === document.body || dialog.contains(focused);
      // After the commit that unmounts it, not inside it: closing a modal dialog makes the browser lay the page
      // out at once, and a commit that also changes the page (a layer closed by navigating) has then removed
      // the old page but not yet added the new one, so the page's scroll was clamped to the top.
      queueMicrotask(() => {
        if (dialog.open) dialog.close();
        unlock?.();
        // Focus goes back where it was before opening, unless something else took it meanwhile.
        if (focusInside && previous instanceof HTMLElement && previous.isConnected) {
          previous.focus({ preventScroll: true });
        }
      });
    };
  }, [parent, opening]);

  // Closed: the exit animation (data-state="closed") runs to its end, then it unmounts.
  useLayoutEffect(() => {
    if (open) return;
    const animations =
      dialogRef.current
        ?.getAnimations?.({ subtree: true })
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime))) ?? [];
    if (animations.length === 0) {
      onExited();
      return;
    }
    let reopened = false;
    void Promise.allSettled(animations.map((animation) => animation.finished)).then(() => {
      if (!reopened) onExited();
    });
    return () => {
      reopened = true;
    };
  }, [open, onExited]);

  return (
    <dialog
      {...attributes}
      ref={dialogRef}
      className={styles.modal}
      data-state={state}
      // Never on the browser's own: showModal() opens it; the attribute would make it a non-modal one.
      open={drawnByServer || undefined}
      data-drawn-by-server={drawnByServer ? '' : undefined}
      data-appear={replacesDrawn ? 'at-once' : undefined}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      <div ref={overlayRef} className={overlayClassName} data-state={state} aria-hidden="true" />
      <div {...contentProps} ref={contentRef} className={contentClassName} data-state={state} tabIndex={-1}>
        <ParentModal.Provider value={opening}>{children}</ParentModal.Provider>
      </div>
    </dialog>
  );
}

/** Like Radix's focus scope: the first tabbable element that takes focus, links skipped; else the content. */
function focusInitial(content: HTMLElement | null, mode: 'first' | 'content') {
  if (!content) return;
  if (mode === 'first') {
    for (const element of content.querySelectorAll<HTMLElement>('*')) {
      const hiddenInput = element instanceof HTMLInputElement && element.type === 'hidden';
      const disabled = 'disabled' in element && element.disabled === true;
      if (element.tabIndex < 0 || element.tagName === 'A' || element.hidden || disabled || hiddenInput)
        continue;
      element.focus({ preventScroll: true });
      if (document.activeElement === element) {
        if (element instanceof HTMLInputElement) element.select();
        return;
      }
    }
  }
  content.focus({ preventScroll: true });
}

let scrollLocks = 0;

/** The page doesn't scroll under an open modal; a classic scrollbar's room stays reserved (no layout shift). */
function lockScroll(): () => void {
  const root = document.documentElement;
  if (scrollLocks++ === 0) {
    const scrollbar = window.innerWidth > root.clientWidth;
    root.style.overflow = 'hidden';
    if (scrollbar) root.style.setProperty('scrollbar-gutter', 'stable');
  }
  return () => {
    if (--scrollLocks > 0) return;
    root.style.removeProperty('overflow');
    root.style.removeProperty('scrollbar-gutter');
  };
}
