import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
  headline,
  supportingText,
  confirmText,
  cancelText,
  showCancel = true,
  confirmLoading = false,
  onConfirm,
  onCancel,
}: ConfirmationPopupProps) {
  // docs/product.md §2 item 13's defaults in the interface language; Russian only outside the app's i18n.
  const { t } = useTranslation('common');
  headline ??= t('confirm', { defaultValue: 'Подтвердить?' });
  confirmText ??= t('ok', { defaultValue: 'Ок' });
  cancelText ??= t('cancel', { defaultValue: 'Отмена' });
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
