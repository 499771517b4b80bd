import { ERROR_MESSAGES, PHOTO_MAX_BYTES } from '@storefront/domain';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ConfirmationPopup } from '@storefront/web/src/shared/ui/confirmation-popup.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './photos.module.css';
import {
  type AdminPhotoList,
  type PhotoOwner,
  photoKeys,
  photosQuery,
  removePhoto,
  uploadPhoto,
} from './photos-api.ts';

/** What the server takes (decision 46); the picker offers only these, and a file of another type is refused here. */
const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * A dish's or a group's photos: the first is the main one; add one (the raw file, its type and size checked here
 * first, the server's own refusals said in the interface language), remove one after asking. Each change goes
 * under the row's version and moves it: `onChanged` lets the screen follow (its form's or list's version).
 */
export function PhotoList({
  owner,
  id,
  titled = true,
  onChanged,
}: {
  owner: PhotoOwner;
  id: number;
  /** false inside a dialog whose own title says whose photos these are. */
  titled?: boolean;
  onChanged?: (before: AdminPhotoList, after: AdminPhotoList) => void;
}) {
  const { t } = useTranslation('photos');
  const locale = useLocale();
  const titleId = useId();
  const queryClient = useQueryClient();
  const photos = useQuery(photosQuery(owner, id));
  const [message, setMessage] = useState<{ text: string; alert: boolean } | null>(null);
  const [removing, setRemoving] = useState<{ id: string; index: number } | null>(null);

  const settle = (before: AdminPhotoList, after: AdminPhotoList) => {
    queryClient.setQueryData(photoKeys.of(owner, id), after);
    onChanged?.(before, after);
  };
  const refused = (error: Error) => {
    const current = error instanceof ApiError ? (error.data as { current?: AdminPhotoList })?.current : null;
    if (error instanceof ApiError && error.status === 412 && current) {
      queryClient.setQueryData(photoKeys.of(owner, id), current);
      setMessage({ text: t('photosStale'), alert: true });
      return;
    }
    setMessage({ text: error.message, alert: true });
  };

  const upload = useMutation({
    mutationFn: ({ list, file }: { list: AdminPhotoList; file: File }) =>
      uploadPhoto(owner, id, list.version, file),
    onSuccess: (after, { list }) => {
      settle(list, after);
      setMessage({ text: t('uploaded'), alert: false });
    },
    onError: refused,
  });
  const remove = useMutation({
    mutationFn: ({ list, photoId }: { list: AdminPhotoList; photoId: string }) =>
      removePhoto(owner, id, list.version, photoId),
    onSuccess: (after, { list }) => {
      settle(list, after);
      setRemoving(null);
      setMessage({ text: t('removed'), alert: false });
    },
    onError: (error) => {
      setRemoving(null);
      refused(error);
    },
  });

  const choose = (file: File | undefined) => {
    setMessage(null);
    if (!file || !photos.data) return;
    // The server's own refusals, said before sending up to 10 MB for nothing. A file the browser cannot type
    // (no type) goes up: its bytes decide there.
    if (file.type && !TYPES.includes(file.type)) {
      setMessage({ text: ERROR_MESSAGES['admin.photo-not-an-image'][locale], alert: true });
      return;
    }
    if (file.size > PHOTO_MAX_BYTES) {
      setMessage({ text: ERROR_MESSAGES['admin.photo-too-large'][locale], alert: true });
      return;
    }
    upload.mutate({ list: photos.data, file });
  };

  return (
    <section
      className={titled ? `${styles.photos} ${styles.framed}` : styles.photos}
      aria-labelledby={titled ? titleId : undefined}
      aria-label={titled ? undefined : t('photos')}
      aria-busy={upload.isPending}
    >
      {titled && <h2 id={titleId}>{t('photos')}</h2>}
      <p className={styles.muted}>{t('photosHint')}</p>
      {photos.isPending ? (
        <Spinner label={t('photosLoading')} />
      ) : photos.isError ? (
        <div role="alert" className={styles.state}>
          <p className={styles.alert}>{t('photosFailed')}</p>
          <Button variant="secondary" onClick={() => void photos.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <>
          {photos.data.photos.length === 0 ? (
            <p className={styles.empty}>{t('photosEmpty')}</p>
          ) : (
            <ol className={styles.photoGrid}>
              {photos.data.photos.map((photo, index) => (
                <li key={photo.id} className={styles.photo}>
                  <img
                    src={photo.src}
                    srcSet={photo.srcSets?.jpeg}
                    sizes="10rem"
                    alt={t('photoAlt', { index: index + 1 })}
                    loading="lazy"
                    width={160}
                    height={160}
                  />
                  {index === 0 && <span className={styles.mainBadge}>{t('mainPhoto')}</span>}
                  <Button
                    variant="secondary"
                    onClick={() => setRemoving({ id: photo.id, index: index + 1 })}
                    disabled={upload.isPending}
                  >
                    {t('removePhoto', { index: index + 1 })}
                  </Button>
                </li>
              ))}
            </ol>
          )}
          <label className={styles.upload} aria-disabled={upload.isPending}>
            <input
              type="file"
              accept={TYPES.join(',')}
              className="visually-hidden"
              disabled={upload.isPending}
              onChange={(event) => {
                choose(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            {upload.isPending && <Spinner size={20} />}
            {upload.isPending ? t('uploading') : t('upload')}
          </label>
        </>
      )}
      <p role={message?.alert ? 'alert' : 'status'} className={message?.alert ? styles.alert : styles.status}>
        {message?.text ?? ''}
      </p>
      <ConfirmationPopup
        open={removing !== null}
        headline={t('removeTitle')}
        supportingText={t('removeText')}
        confirmText={t('removeConfirm')}
        confirmLoading={remove.isPending}
        onConfirm={() => {
          if (removing && photos.data) remove.mutate({ list: photos.data, photoId: removing.id });
        }}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
