import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { type FormCheck, issuesResolver } from '@storefront/web/src/shared/forms/issues-resolver.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ResponsiveDialog } from '@storefront/web/src/shared/ui/dialog.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { useId, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import screen from '../../../entities/menu-parts/menu-part-screen.module.css';
import { saveFile } from '../../../shared/save-file.ts';
import {
  type PromoCodeValues,
  promoCodeIssues,
  promoCodeValues,
  promoFieldOf,
  promoRulesBody,
} from '../model/promo-code-form.ts';
import { fetchPromoCodesCsv, useGenerateBatch } from '../model/promo-codes-api.ts';
import { errorWords, PromoRulesFields } from './promo-code-rules-fields.tsx';
import own from './promo-codes.module.css';

const styles = { ...screen, ...own };

type BatchValues = PromoCodeValues & { count: string; prefix: string; length: string };

/** The batch's own fields, then every rule a code carries (the code itself and the limits are the batch's). */
function batchIssues(values: BatchValues): Record<string, string> {
  const issues = promoCodeIssues(values, false);
  delete issues.totalLimit;
  delete issues.perPersonLimit;
  if (!values.campaign.trim()) issues.campaign = 'required';
  const count = Number(values.count);
  if (!(Number.isInteger(count) && count >= 1 && count <= 10_000)) issues.count = 'countInvalid';
  const length = Number(values.length);
  if (!(Number.isInteger(length) && length >= 6 && length <= 16)) issues.length = 'lengthInvalid';
  if (!/^[A-Za-z0-9_-]{0,12}$/.test(values.prefix.trim())) issues.prefix = 'prefixInvalid';
  return issues;
}

const resolver = issuesResolver<BatchValues>(batchIssues as unknown as FormCheck<BatchValues>);

/**
 * "A batch of single-use codes": the campaign, how many, an optional start of the code and the random part's length,
 * and the rules; on success the campaign's codes are downloaded as CSV at once.
 */
export function BatchDialog({
  open,
  offset,
  onClose,
  onDone,
}: {
  open: boolean;
  offset: string;
  onClose: () => void;
  onDone: (result: { campaign: string; count: number }) => void;
}) {
  const { t } = useTranslation('promoCodes');
  const formId = useId();
  const generate = useGenerateBatch();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<BatchValues>({
    defaultValues: { ...promoCodeValues(null, offset), count: '100', prefix: '', length: '8' },
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  const error = (name: string) => errorWords(formState.errors as never, name, t);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await generate.mutateAsync({
        ...promoRulesBody(values, offset),
        campaign: values.campaign.trim(),
        count: Number(values.count),
        prefix: values.prefix.trim().toUpperCase(),
        length: Number(values.length),
      });
      saveFile(`promo-codes-${result.campaign}.csv`, await fetchPromoCodesCsv(result.campaign), 'text/csv');
      reset();
      onDone(result);
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      const shown = caught.fieldErrors.flatMap((entry) => {
        const field = promoFieldOf(entry.field);
        if (!field) return [];
        setError(field as 'code', { type: 'server', message: entry.message });
        return [field];
      });
      if (shown.length === 0) setFailure(`${t('generateFailed')}: ${caught.message}`);
    }
  });

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('batchTitle')}
      description={t('batchIntro')}
      footer={
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onClose} disabled={generate.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} loading={generate.isPending}>
            {t('generate')}
          </Button>
        </div>
      }
    >
      <form id={formId} className={styles.dialogForm} onSubmit={onSubmit} noValidate>
        <div className={styles.grid2}>
          <Field label={t('campaignField')} required error={error('campaign')}>
            {(c) => <input {...c} {...register('campaign')} />}
          </Field>
          <Field label={t('count')} hint={t('countHint')} required error={error('count')}>
            {(c) => <input {...c} inputMode="numeric" {...register('count')} />}
          </Field>
          <Field label={t('prefix')} hint={t('prefixHint')} error={error('prefix')}>
            {(c) => <input {...c} autoCapitalize="characters" {...register('prefix')} />}
          </Field>
          <Field label={t('length')} hint={t('lengthHint')} error={error('length')}>
            {(c) => <input {...c} inputMode="numeric" {...register('length')} />}
          </Field>
        </div>
        <PromoRulesFields form={form as unknown as UseFormReturn<PromoCodeValues>} offset={offset} batch />
        {failure && (
          <p role="alert" className={styles.error}>
            {failure}
          </p>
        )}
      </form>
    </ResponsiveDialog>
  );
}
