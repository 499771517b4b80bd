import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetchText } from '../../../shared/api-client.ts';
import { brandMarkdownTitle, renderBrandMarkdown } from '../../../shared/brand-markdown.ts';
import { useLazyNamespace } from '../../../shared/i18n/lazy-namespace.ts';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { infoPagesTextsEn } from '../info-pages-texts.en.ts';
import { infoPagesTexts } from '../info-pages-texts.ts';
import styles from './info-page.module.css';

const fetchPage = (locale: string, slug: string) => apiFetchText(`/content/pages/${locale}/${slug}.md`);

/**
 * A static information page written by the brand in markdown (its owner edits it in the back office; decision 50),
 * rendered by renderBrandMarkdown: raw HTML in it is not rendered.
 */
export default function InfoPage({ slug }: { slug: string }) {
  const { t } = useLazyNamespace('info-pages', { ru: infoPagesTexts, en: infoPagesTextsEn });
  const locale = useLocale();
  const page = useQuery({
    queryKey: ['info-page', locale, slug],
    queryFn: () => fetchPage(locale, slug),
    staleTime: 10 * 60_000,
  });
  const html = page.data ? renderBrandMarkdown(page.data) : '';
  const title = page.data ? brandMarkdownTitle(page.data) : undefined;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  if (page.isPending) return <Spinner size={40} />;
  if (page.isError) {
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
