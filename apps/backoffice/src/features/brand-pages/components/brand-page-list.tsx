import type { AdminBrandPage } from '@storefront/domain/contracts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ConfirmationPopup } from '@storefront/web/src/shared/ui/confirmation-popup.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../../entities/menu-parts/list-state.tsx';
import screen from '../../../entities/menu-parts/menu-part-screen.module.css';
import { Link } from '../../../shared/navigation.tsx';
import { useBrandPages, useDeleteBrandPage } from '../model/brand-pages-api.ts';

/** The brand's pages in their order: a search over titles and addresses, published or hidden, delete confirmed. */
export function BrandPageList() {
  const { t } = useTranslation('brandPages');
  const lang = useLocale() === 'en' ? 'en' : 'ru';
  const pages = useBrandPages();
  const remove = useDeleteBrandPage();
  const [search, setSearch] = useState('');
  const [asking, setAsking] = useState<AdminBrandPage | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const shown = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    return (pages.data ?? []).filter(
      (page) =>
        !needle || `${page.slug} ${page.title.ru} ${page.title.en}`.toLocaleLowerCase().includes(needle),
    );
  }, [pages.data, search]);

  return (
    <section className={screen.screen} aria-labelledby="brand-pages-title">
      <div className={screen.heading}>
        <h2 id="brand-pages-title" className={screen.title}>
          {t('title')}
        </h2>
        <Link href="/new" className={screen.primaryLink}>
          {t('add')}
        </Link>
      </div>
      <p className={screen.hint}>{t('intro')}</p>
      <div className={screen.filters}>
        <Field label={t('search')}>
          {(control) => (
            <input
              {...control}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          )}
        </Field>
      </div>
      <p role="status" className={notice && !notice.ok ? screen.error : screen.ok}>
        {notice?.text ?? ''}
      </p>
      <ListState query={pages} shown={shown.length} t={t}>
        <table className={screen.table}>
          <thead>
            <tr>
              <th scope="col">{t('colTitle')}</th>
              <th scope="col">{t('colSlug')}</th>
              <th scope="col">{t('colState')}</th>
              <th scope="col">{t('colActions')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((page) => (
              <tr key={page.id}>
                <td data-label={t('colTitle')}>
                  <Link href={`/${page.id}`} className={screen.nameLink}>
                    {page.title[lang] || page.title.ru}
                  </Link>
                </td>
                <td data-label={t('colSlug')}>
                  <code>{page.slug}</code>
                </td>
                <td data-label={t('colState')}>{page.isPublished ? t('published') : t('hidden')}</td>
                <td data-label={t('colActions')}>
                  <Button
                    variant="text"
                    aria-label={t('deleteNamed', { name: page.title[lang] || page.title.ru })}
                    onClick={() => setAsking(page)}
                  >
                    {t('delete')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListState>
      <ConfirmationPopup
        open={asking !== null}
        headline={t('deleteTitle', { name: asking ? asking.title[lang] || asking.title.ru : '' })}
        supportingText={t('deleteText')}
        confirmText={t('delete')}
        confirmLoading={remove.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (!asking) return;
          remove.mutate(asking, {
            onSuccess: () => {
              setAsking(null);
              setNotice({ ok: true, text: t('deleted') });
            },
            onError: (error) => {
              setAsking(null);
              setNotice({
                ok: false,
                text:
                  error instanceof ApiError ? `${t('deleteFailed')}: ${error.message}` : t('deleteFailed'),
              });
            },
          });
        }}
      />
    </section>
  );
}
