import type { AdminGroup } from '@storefront/domain/contracts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { issuesResolver } from '@storefront/web/src/shared/forms/issues-resolver.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ResponsiveDialog } from '@storefront/web/src/shared/ui/dialog.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { checkGroupName, type GroupName, NAME_MAX, nameOf, staleGroup } from '../model/menu-groups-api.ts';
import styles from './menu-groups.module.css';
import { StaleGroupPanel } from './stale-group-panel.tsx';

interface NameValues {
  ru: string;
  en: string;
}

/**
 * A group's name in Russian and English: a new group's (no `group`) or a rename. The API's field errors
 * (name.ru, name.en) show on their fields; a 412 shows the group as it is now beside the person's name.
 */
export function GroupNameDialog({
  group,
  open,
  onClose,
  onSave,
}: {
  group: AdminGroup | null;
  open: boolean;
  onClose: () => void;
  /** Saves the name over `version` (the one read, or a 412's current); throws the ApiError. */
  onSave: (name: GroupName, version: number | null) => Promise<unknown>;
}) {
  const { t } = useTranslation('menuGroups');
  const formId = useId();
  const [stale, setStale] = useState<AdminGroup | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<NameValues>({
    resolver: issuesResolver(checkGroupName),
    values: { ru: group?.name.ru ?? '', en: group?.name.en ?? '' },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    setStale(null);
    setFailure(null);
    form.reset();
    onClose();
  };
  const save = async (values: NameValues, version: number | null) => {
    setFailure(null);
    try {
      await onSave(nameOf(values), version);
      close();
    } catch (error) {
      const current = staleGroup(error);
      if (current) return setStale(current);
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        for (const { field, message } of error.fieldErrors) {
          const name = field.replace(/^(body\.)?name\./, '');
          if (name === 'ru' || name === 'en') form.setError(name, { type: 'server', message });
          else setFailure(message);
        }
        return;
      }
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };
  const wording = (field: 'ru' | 'en') => {
    const error = errors[field];
    if (!error) return undefined;
    if (error.type === 'required' || error.type === 'tooLong') return t(error.type, { max: NAME_MAX });
    return error.message;
  };
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={group ? t('renameTitle') : t('addTitle')}
      footer={
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={close} disabled={isSubmitting}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} loading={isSubmitting}>
            {t('save')}
          </Button>
        </div>
      }
    >
      <form
        id={formId}
        className={styles.form}
        noValidate
        onSubmit={form.handleSubmit((values) => save(values, group ? group.version : null))}
      >
        {stale && group && (
          <StaleGroupPanel
            yours={{ name: nameOf(form.getValues()) }}
            current={stale}
            saving={isSubmitting}
            onTakeCurrent={close}
            onSaveMine={() => {
              const version = stale.version;
              setStale(null);
              void form.handleSubmit((values) => save(values, version))();
            }}
          />
        )}
        <Field label={t('nameRu')} required error={wording('ru')}>
          {(control) => <input {...control} {...form.register('ru')} autoComplete="off" />}
        </Field>
        <Field label={t('nameEn')} error={wording('en')}>
          {(control) => <input {...control} {...form.register('en')} lang="en" autoComplete="off" />}
        </Field>
        {failure && (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        )}
      </form>
    </ResponsiveDialog>
  );
}
