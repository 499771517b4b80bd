import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { ApiError, apiFetchText } from '../../../shared/api-client.ts';
import { brandMarkdownTitle, renderBrandMarkdown } from '../../../shared/brand-markdown.ts';
import { useLazyNamespace } from '../../../shared/i18n/lazy-namespace.ts';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { infoPagesTextsEn } from '../info-pages-texts.en.ts';
import { infoPagesTexts } from '../info-pages-texts.ts';
import styles from './info-page.module.css';

const fetchPage = (locale: string, slug: string) => apiFetchText(`/content/pages/${locale}/${slug}.md`);

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * A static information page written by the brand in markdown (its owner edits it in the back office; decision 50),
 * rendered by renderBrandMarkdown: raw HTML in it is not rendered. A page the owner hid or deleted since the
 * storefront started answers 404: `notFound` is drawn, not a retry.
 */
export default function InfoPage({ slug, notFound }: { slug: string; notFound: ReactNode }) {
  const { t } = useLazyNamespace('info-pages', { ru: infoPagesTexts, en: infoPagesTextsEn });
  const locale = useLocale();
  const page = useQuery({
    queryKey: ['info-page', locale, slug],
    queryFn: () => fetchPage(locale, slug),
    staleTime: 10 * 60_000,
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });
  const html = page.data ? renderBrandMarkdown(page.data) : '';
  const title = page.data ? brandMarkdownTitle(page.data) : undefined;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  if (page.isPending) return <Spinner size={40} />;
  if (page.isError) {
    if (isNotFound(page.error)) return <>{notFound}</>;
    return (
      <div role="alert">
        <p>{t('failed')}</p>
        <Button variant="secondary" onClick={() => void page.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the brand's own markdown, with raw HTML escaped above.
  return <article className={styles.article} dangerouslySetInnerHTML={{ __html: html }} />;
}
