import type { AdminPromoCode } from '@storefront/domain/contracts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { type FormCheck, issuesResolver } from '@storefront/web/src/shared/forms/issues-resolver.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ConfirmationPopup } from '@storefront/web/src/shared/ui/confirmation-popup.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import screen from '../../../entities/menu-parts/menu-part-screen.module.css';
import { StaleDialog, type StaleRow } from '../../../entities/menu-parts/stale-dialog.tsx';
import { Link, useLocation } from '../../../shared/navigation.tsx';
import { rublesInput } from '../../../shared/wall-clock.ts';
import {
  type PromoCodeValues,
  promoCodeBody,
  promoCodeIssues,
  promoCodeValues,
  promoFieldOf,
} from '../model/promo-code-form.ts';
import {
  useBrandOffset,
  useDeletePromoCode,
  usePromoCode,
  useSavePromoCode,
} from '../model/promo-codes-api.ts';
import { errorWords, PromoRulesFields } from './promo-code-rules-fields.tsx';
import own from './promo-codes.module.css';

const styles = { ...screen, ...own };

const resolver = issuesResolver<PromoCodeValues>(((values: PromoCodeValues) =>
  promoCodeIssues(values)) as unknown as FormCheck<PromoCodeValues>);

/** A code's form, new (id null) or read first (its version goes back as If-Match). */
export function PromoCodeEditor({ id }: { id: number | null }) {
  const { t } = useTranslation('promoCodes');
  const code = usePromoCode(id !== null && id > 0 ? id : null);
  const offset = useBrandOffset();
  if (id === null) return <PromoCodeForm code={null} offset={offset} />;
  if (code.isPending && id > 0)
    return (
      <p className={styles.state} role="status">
        <Spinner size={20} /> {t('loading')}
      </p>
    );
  if (code.isError || id <= 0 || !code.data)
    return (
      <div className={styles.state} role="alert">
        <p>
          {t('failed')}
          {code.error ? `: ${code.error.message}` : ''}
        </p>
        <Link href="/">{t('back')}</Link>
      </div>
    );
  return <PromoCodeForm key={`${code.data.id}-${offset}`} code={code.data} offset={offset} />;
}

function PromoCodeForm({ code, offset }: { code: AdminPromoCode | null; offset: string }) {
  const { t } = useTranslation('promoCodes');
  const [, navigate] = useLocation();
  const save = useSavePromoCode();
  const remove = useDeletePromoCode();
  const [version, setVersion] = useState(code?.version ?? null);
  const [current, setCurrent] = useState(code);
  const [stale, setStale] = useState<{ current: AdminPromoCode; mine: PromoCodeValues } | null>(null);
  const [status, setStatus] = useState<'saved' | 'invalid' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const form = useForm<PromoCodeValues>({
    defaultValues: promoCodeValues(code, offset),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { register, handleSubmit, formState, setError, reset } = form;

  const send = async (values: PromoCodeValues, over: number | null) => {
    setStatus(null);
    setFailure(null);
    try {
      const saved = await save.mutateAsync({
        id: code?.id ?? null,
        version: over,
        body: promoCodeBody(values, offset),
      });
      setStale(null);
      setVersion(saved.version);
      setCurrent(saved);
      reset(promoCodeValues(saved, offset));
      setStatus('saved');
      if (!code) navigate(`/${saved.id}`, { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const now = (error.data as { current?: AdminPromoCode } | null)?.current;
      if (error.status === 412 && now) {
        setStale({ current: now, mine: values });
        return;
      }
      const shown = error.fieldErrors.flatMap((entry) => {
        const field = promoFieldOf(entry.field);
        if (!field) return [];
        setError(field as 'code', { type: 'server', message: entry.message }, { shouldFocus: true });
        return [field];
      });
      if (shown.length === 0) setFailure(error.message);
      else setStatus('invalid');
    }
  };

  const onSubmit = handleSubmit(
    (values) => send(values, version),
    () => setStatus('invalid'),
  );
  const used = (current?.uses ?? 0) > 0;

  return (
    <section className={styles.screen} aria-labelledby="promo-code-title">
      <div className={styles.heading}>
        <h2 id="promo-code-title" className={styles.title}>
          {current ? t('editTitle', { code: current.code }) : t('newTitle')}
        </h2>
        <div className={styles.headingActions}>
          {current && !used && (
            <Button variant="text" onClick={() => setAsking(true)}>
              {t('delete')}
            </Button>
          )}
          <Link href="/" className={styles.backLink}>
            {t('back')}
          </Link>
        </div>
      </div>
      {current && (
        <p className={styles.hint}>
          {t('usage', { count: current.uses, money: rublesInput(current.discountGiven) || '0' })}
          {used ? ` · ${t('usedCannotDelete')}` : ''}
        </p>
      )}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.grid2}>
          <Field
            label={t('code')}
            hint={t('codeHint')}
            required
            error={errorWords(formState.errors, 'code', t)}
          >
            {(c) => <input {...c} autoCapitalize="characters" {...register('code')} />}
          </Field>
          <Field label={t('campaignField')} error={errorWords(formState.errors, 'campaign', t)}>
            {(c) => <input {...c} {...register('campaign')} />}
          </Field>
        </div>
        <PromoRulesFields form={form} offset={offset} />
        <div className={styles.actions}>
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
          <p className={styles.hint}>{t('undoHint')}</p>
          <p role="status" className={status === 'invalid' ? styles.error : styles.ok}>
            {status === 'saved' ? t('saved') : status === 'invalid' ? t('fixErrors') : ''}
          </p>
          {failure && (
            <p role="alert" className={styles.error}>
              {failure}
            </p>
          )}
        </div>
      </form>
      {current && (
        <ConfirmationPopup
          open={asking}
          headline={t('deleteTitle', { code: current.code })}
          supportingText={t('deleteText')}
          confirmText={t('delete')}
          confirmLoading={remove.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            remove.mutate(
              { id: current.id, version: version ?? current.version },
              {
                onSuccess: () => navigate('/', { replace: true }),
                onError: (error) => {
                  setAsking(false);
                  setFailure(
                    error instanceof ApiError && error.status === 412
                      ? t('deleteStale')
                      : `${t('deleteFailed')}: ${error.message}`,
                  );
                },
              },
            )
          }
        />
      )}
      {stale && (
        <StaleDialog
          open
          rows={staleRows(stale.mine, promoCodeValues(stale.current, offset), t)}
          saving={save.isPending}
          labels={{
            title: t('staleTitle'),
            intro: t('staleIntro'),
            field: t('staleField'),
            mine: t('staleMine'),
            now: t('staleNow'),
            takeCurrent: t('takeCurrent'),
            saveMine: t('saveMine'),
          }}
          onTakeCurrent={() => {
            setVersion(stale.current.version);
            setCurrent(stale.current);
            reset(promoCodeValues(stale.current, offset));
            setStale(null);
          }}
          onSaveMine={() => void send(stale.mine, stale.current.version)}
        />
      )}
    </section>
  );
}

/** The fields that differ between the person's form and the code saved now. */
function staleRows(mine: PromoCodeValues, now: PromoCodeValues, t: (key: string) => string): StaleRow[] {
  const shown = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value));
  const labels: [keyof PromoCodeValues, string][] = [
    ['code', t('code')],
    ['kind', t('kind')],
    ['value', t('value')],
    ['maxDiscount', t('maxDiscount')],
    ['minOrder', t('minOrder')],
    ['startsAt', t('startsAt')],
    ['endsAt', t('endsAt')],
    ['daysOfWeek', t('days')],
    ['deliveryMethods', t('methods')],
    ['restoIds', t('restos')],
    ['totalLimit', t('totalLimit')],
    ['perPersonLimit', t('perPersonLimit')],
    ['firstOrderOnly', t('firstOrderOnly')],
    ['active', t('active')],
  ];
  return labels
    .map(([key, label]) => ({ label, mine: shown(mine[key]), now: shown(now[key]) }))
    .filter((row) => row.mine !== row.now);
}
