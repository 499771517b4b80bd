import { pickText } from '@storefront/domain';
import type { AdminPromotion } from '@storefront/domain/contracts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ConfirmationPopup } from '@storefront/web/src/shared/ui/confirmation-popup.tsx';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeletePromotion } from '../model/promotions-api.ts';

/** A promotion's delete button: asks first (the change log can undo it), deletes under If-Match, says a 412. */
export function DeletePromotionButton({
  promotion,
  onDone,
}: {
  promotion: AdminPromotion;
  onDone: (outcome: { kind: 'deleted' } | { kind: 'failed'; text: string }) => void;
}) {
  const { t } = useTranslation('promotions');
  const locale = useLocale();
  const [asking, setAsking] = useState(false);
  const remove = useDeletePromotion();
  const button = useRef<HTMLButtonElement>(null);
  const title = pickText(promotion.title, locale);
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
        aria-label={t('deleteNamed', { title })}
      >
        {t('delete')}
      </Button>
      <ConfirmationPopup
        open={asking}
        headline={t('deleteTitle', { title })}
        supportingText={t('deleteText')}
        confirmText={t('delete')}
        confirmLoading={remove.isPending}
        onCancel={close}
        onConfirm={() =>
          remove.mutate(promotion, {
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
