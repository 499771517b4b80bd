import type { AdminTimeSlot } from '@storefront/domain/contracts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ConfirmationPopup } from '@storefront/web/src/shared/ui/confirmation-popup.tsx';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteTimeSlot } from '../model/time-slots-api.ts';

/**
 * A slot's delete button: asks first (saying the change log can undo it), deletes under If-Match, and on 412 says the
 * slot changed meanwhile (the list is read again). Focus returns to the button when the question closes.
 */
export function DeleteSlotButton({
  slot,
  onDone,
}: {
  slot: AdminTimeSlot;
  onDone: (outcome: { kind: 'deleted' } | { kind: 'failed'; text: string }) => void;
}) {
  const { t } = useTranslation('timeSlots');
  const [asking, setAsking] = useState(false);
  const remove = useDeleteTimeSlot();
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setAsking(false);
    queueMicrotask(() => button.current?.focus());
  };
  return (
    <>
      <Button
        ref={button}
        variant="text"
        onClick={() => setAsking(true)}
        aria-label={t('deleteNamed', { name: slot.name })}
      >
        {t('delete')}
      </Button>
      <ConfirmationPopup
        open={asking}
        headline={t('deleteTitle', { name: slot.name })}
        supportingText={t('deleteText')}
        confirmText={t('delete')}
        confirmLoading={remove.isPending}
        onCancel={close}
        onConfirm={() =>
          remove.mutate(slot, {
            onSuccess: () => {
              setAsking(false);
              onDone({ kind: 'deleted' });
            },
            onError: (error) => {
              close();
              onDone({
                kind: 'failed',
                text:
                  error instanceof ApiError && error.status === 412
                    ? t('deleteStale')
                    : `${t('deleteFailed')}: ${error.message}`,
              });
            },
          })
        }
      />
    </>
  );
}
