import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import styles from './confirmation-popup.module.css';
import { ResponsiveDialog } from './dialog.tsx';

export interface ConfirmationPopupProps {
  open: boolean;
  headline?: string;
  supportingText?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  showCancel?: boolean;
  /** Shows a spinner in the confirm button and disables both buttons (the action is running). */
  confirmLoading?: boolean;
  onConfirm: () => void;
  /** The cancel button and Escape. */
  onCancel?: () => void;
}

/** A question with confirm / cancel. A click outside doesn't dismiss it; Escape means cancel. */
export function ConfirmationPopup({
  open,
  headline = 'Подтвердить?',
  supportingText,
  confirmText = 'Ок',
  cancelText = 'Отмена',
  showCancel = true,
  confirmLoading = false,
  onConfirm,
  onCancel,
}: ConfirmationPopupProps) {
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel?.();
      }}
      title={headline}
      description={supportingText}
      dismissible={false}
      size="compact"
      onEscapeKeyDown={() => {
        if (!confirmLoading) onCancel?.();
      }}
      footer={
        <div className={styles.actions}>
          {showCancel && (
            <Button variant="secondary" onClick={onCancel} disabled={confirmLoading}>
              {cancelText}
            </Button>
          )}
          <Button variant="primary" onClick={onConfirm} loading={confirmLoading}>
            {confirmText}
          </Button>
        </div>
      }
    />
  );
}
