import { type Locale, photoSrcSets, pickText } from '@storefront/domain';
import type { AdminGroup } from '@storefront/domain/contracts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ResponsiveDialog } from '@storefront/web/src/shared/ui/dialog.tsx';
import { useTranslation } from 'react-i18next';
import { PhotoList } from '../../../entities/photos/photo-list.tsx';
import { useKeepGroupPhotos } from '../model/menu-groups-api.ts';
import styles from './menu-groups.module.css';

/** A group's main photo in its row: the small upload's size when the server made it (decision 46). */
export function GroupThumb({ group }: { group: AdminGroup }) {
  const { t } = useTranslation('menuGroups');
  const src = group.photos[0];
  if (!src)
    return (
      <span className={`${styles.thumb} ${styles.thumbEmpty}`} aria-hidden="true">
        {t('noPhoto')}
      </span>
    );
  return (
    <img
      className={styles.thumb}
      src={src}
      srcSet={photoSrcSets(src)?.jpeg}
      sizes="48px"
      alt=""
      loading="lazy"
      width={48}
      height={48}
    />
  );
}

/**
 * A group's photos in a dialog (the row's "Photo"): each upload or removal is saved at once, under the group's
 * version, which moves; the menu's list follows (the row's thumbnail, and the version a rename or hide sends).
 */
export function GroupPhotosDialog({
  menuId,
  group,
  onClose,
}: {
  menuId: number;
  group: AdminGroup | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('menuGroups');
  const keep = useKeepGroupPhotos(menuId);
  return (
    <ResponsiveDialog
      open={group !== null}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={group ? t('photosTitle', { name: pickText(group.name, i18n.language as Locale) }) : ''}
      footer={
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose}>
            {t('done')}
          </Button>
        </div>
      }
    >
      {group && (
        <PhotoList owner="group" id={group.id} titled={false} onChanged={(_, after) => keep(after)} />
      )}
    </ResponsiveDialog>
  );
}
