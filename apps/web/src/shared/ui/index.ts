export { BREAKPOINTS, useIsWide, useMediaQuery } from './breakpoints.ts';
export {
  Button,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
  IconButton,
  type IconButtonProps,
} from './button.tsx';
export { ConfirmationPopup, type ConfirmationPopupProps } from './confirmation-popup.tsx';
export { ResponsiveDialog, type ResponsiveDialogProps } from './dialog.tsx';
export { Field, type FieldControlProps, type FieldProps, type FieldSize } from './field.tsx';
export {
  type GalleryImage,
  GalleryViewer,
  type GalleryViewerLabels,
  type GalleryViewerProps,
} from './gallery-viewer.tsx';
export * from './icons.tsx';
export { FallbackImage, type FallbackImageProps } from './image.tsx';
export { ProgressOverlay, type ProgressOverlayProps } from './progress-overlay.tsx';
export { IndeterminateBar, type IndeterminateBarProps, Spinner, type SpinnerProps } from './spinner.tsx';
