import type { AdminBrandPage } from '@storefront/domain/contracts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { renderBrandMarkdown } from '@storefront/web/src/shared/brand-markdown.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useDeferredValue, useMemo, useState } from 'react';
import { type FieldPath, get, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import screen from '../../../entities/menu-parts/menu-part-screen.module.css';
import { StaleDialog } from '../../../entities/menu-parts/stale-dialog.tsx';
import { Link, useLocation } from '../../../shared/navigation.tsx';
import { type BrandPageValues, brandPageBody, brandPageValues, SLUG } from '../model/brand-page-form.ts';
import { useBrandPages, useSaveBrandPage } from '../model/brand-pages-api.ts';
import styles from './brand-pages.module.css';

/** A page's editor, from the list's data (new: id null). */
export function BrandPageEditor({ id }: { id: number | null }) {
  const { t } = useTranslation('brandPages');
  const pages = useBrandPages();
  if (id === null) return <BrandPageForm page={null} />;
  if (pages.isPending)
    return (
      <p className={screen.state} role="status">
        <Spinner size={20} /> {t('loading')}
      </p>
    );
  const page = pages.data?.find((one) => one.id === id);
  if (!page)
    return (
      <div className={screen.state} role="alert">
        <p>{t('failed')}</p>
        <Link href="/">{t('back')}</Link>
      </div>
    );
  return <BrandPageForm key={page.id} page={page} />;
}

/** The markdown as the storefront renders it (renderBrandMarkdown: raw HTML shown as text). */
function Preview({ markdown, label }: { markdown: string; label: string }) {
  const deferred = useDeferredValue(markdown);
  const html = useMemo(() => renderBrandMarkdown(deferred), [deferred]);
  return (
    <section className={styles.preview} aria-label={label}>
      <p className={styles.previewLabel}>{label}</p>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the storefront's own rendering, raw HTML escaped. */}
      <article className={styles.article} dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}

function BrandPageForm({ page }: { page: AdminBrandPage | null }) {
  const { t } = useTranslation('brandPages');
  const [, navigate] = useLocation();
  const save = useSaveBrandPage();
  const [current, setCurrent] = useState(page);
  const [lang, setLang] = useState<'ru' | 'en'>('ru');
  const [stale, setStale] = useState<{ current: AdminBrandPage; mine: BrandPageValues } | null>(null);
  const [status, setStatus] = useState<'saved' | 'invalid' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, control, formState, setError, reset, getValues } = useForm<BrandPageValues>(
    {
      defaultValues: brandPageValues(page),
      mode: 'onSubmit',
      reValidateMode: 'onChange',
    },
  );
  const body = useWatch({ control, name: `body.${lang}` });

  const errorOf = (path: FieldPath<BrandPageValues>): string | undefined => {
    const error = get(formState.errors, path) as { type?: string; message?: string } | undefined;
    if (!error) return undefined;
    if (error.type === 'server') return error.message;
    return t(`issue_${error.message || error.type}`);
  };
  const required = (value: unknown) => String(value ?? '').trim() !== '' || 'required';

  const send = async (values: BrandPageValues, version: number | null) => {
    setStatus(null);
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ id: current?.id ?? null, version, body: brandPageBody(values) });
      setStale(null);
      setCurrent(saved);
      reset(brandPageValues(saved));
      setStatus('saved');
      if (!current) navigate(`/${saved.id}`, { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const now = (error.data as { current?: AdminBrandPage } | null)?.current;
      if (error.status === 412 && now) {
        setStale({ current: now, mine: values });
        return;
      }
      const shown = error.fieldErrors.filter((entry) => entry.field);
      for (const entry of shown) {
        setError(entry.field as FieldPath<BrandPageValues>, { type: 'server', message: entry.message });
        if (entry.field?.endsWith('.en')) setLang('en');
      }
      if (shown.length === 0) setFailure(error.message);
      else setStatus('invalid');
    }
  };
  const onSubmit = handleSubmit(
    (values) => void send(values, current?.version ?? null),
    (errors) => {
      // A wrong field in the language not shown: show that language.
      if (get(errors, `title.${lang}`) === undefined && get(errors, lang === 'ru' ? 'title.en' : 'title.ru'))
        setLang(lang === 'ru' ? 'en' : 'ru');
      setStatus('invalid');
    },
  );
  const staleRows = stale
    ? (['slug', 'title', 'body', 'order', 'isPublished'] as const)
        .map((key) => ({
          label: t(key === 'title' ? 'titleRu' : key === 'body' ? 'bodyRu' : key),
          mine: JSON.stringify(brandPageBody(stale.mine)[key] ?? null),
          now: JSON.stringify(brandPageBody(brandPageValues(stale.current))[key] ?? null),
        }))
        .filter((row) => row.mine !== row.now)
    : [];

  return (
    <section className={screen.screen} aria-labelledby="brand-page-title">
      <div className={screen.heading}>
        <h2 id="brand-page-title" className={screen.title}>
          {current ? current.title.ru : t('newTitle')}
        </h2>
        <Link href="/" className={screen.backLink}>
          {t('back')}
        </Link>
      </div>
      <form className={screen.form} onSubmit={onSubmit} noValidate>
        <div className={screen.grid2}>
          <Field label={t('slug')} required error={errorOf('slug')} hint={t('slugHint')}>
            {(c) => (
              <input
                {...c}
                {...register('slug', {
                  validate: (v) => (v.trim() === '' ? 'required' : SLUG.test(v.trim()) || 'slug'),
                })}
              />
            )}
          </Field>
          <Field label={t('order')} error={errorOf('order')}>
            {(c) => (
              <input
                {...c}
                inputMode="numeric"
                {...register('order', {
                  validate: (v) => v.trim() === '' || /^-?\d{1,7}$/.test(v.trim()) || 'order',
                })}
              />
            )}
          </Field>
        </div>
        <label className={styles.check}>
          <input type="checkbox" {...register('isPublished')} />
          {t('isPublished')}
        </label>
        <div className={styles.languages} role="radiogroup" aria-label={t('language')}>
          {(['ru', 'en'] as const).map((one) => (
            <Button
              key={one}
              variant={lang === one ? 'primary' : 'secondary'}
              role="radio"
              aria-checked={lang === one}
              onClick={() => setLang(one)}
            >
              {one === 'ru' ? t('langRu') : t('langEn')}
            </Button>
          ))}
        </div>
        {(['ru', 'en'] as const).map((one) => (
          <div key={one} hidden={lang !== one} className={styles.editor}>
            <div className={styles.editorFields}>
              <Field
                label={one === 'ru' ? t('titleRu') : t('titleEn')}
                required
                error={errorOf(`title.${one}`)}
              >
                {(c) => <input {...c} {...register(`title.${one}`, { validate: required })} />}
              </Field>
              <Field label={one === 'ru' ? t('bodyRu') : t('bodyEn')} error={errorOf(`body.${one}`)}>
                {(c) => (
                  <textarea
                    {...c}
                    rows={18}
                    className={`${c.className} ${styles.markdown}`}
                    {...register(`body.${one}`)}
                  />
                )}
              </Field>
            </div>
            {lang === one && <Preview markdown={body ?? ''} label={t('preview')} />}
          </div>
        ))}
        <div className={screen.actions}>
          <Button type="submit" loading={save.isPending}>
            {current ? t('save') : t('create')}
          </Button>
          <p className={screen.hint}>{t('undoHint')}</p>
          <p role="status" className={status === 'invalid' ? screen.error : screen.ok}>
            {status === 'saved' ? t('saved') : status === 'invalid' ? t('fixErrors') : ''}
          </p>
          {failure && (
            <p role="alert" className={screen.error}>
              {`${t('saveFailed')}: ${failure}`}
            </p>
          )}
        </div>
      </form>
      {stale && (
        <StaleDialog
          open
          rows={staleRows}
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
            setCurrent(stale.current);
            reset(brandPageValues(stale.current));
            setStale(null);
          }}
          onSaveMine={() => void send(getValues(), stale.current.version)}
        />
      )}
    </section>
  );
}
