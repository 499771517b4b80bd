import { pickText } from '@storefront/domain';
import type { AdminPromotion } from '@storefront/domain/contracts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../../entities/menu-parts/list-state.tsx';
import screen from '../../../entities/menu-parts/menu-part-screen.module.css';
import { Link } from '../../../shared/navigation.tsx';
import { wallClockText } from '../../../shared/wall-clock.ts';
import { usePromotions } from '../model/promotions-api.ts';
import { DeletePromotionButton } from './delete-promotion.tsx';
import own from './promotions.module.css';

const styles = { ...screen, ...own };

/** A sum in kopecks as whole roubles with the locale's grouping ('1 500'). */
const formatRoubles = (minor: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.ceil(minor / 100));

/** The brand's promotions, highest priority first: a search over titles and texts, a filter by when. */
export function PromotionList() {
  const { t } = useTranslation('promotions');
  const locale = useLocale();
  const list = usePromotions();
  const [search, setSearch] = useState('');
  const [state, setState] = useState('');
  const [kind, setKind] = useState('');
  const [notice, setNotice] = useState<{ kind: 'deleted' } | { kind: 'failed'; text: string } | null>(null);
  const offset = list.data?.timezone ?? '+03:00';

  const shown = useMemo(() => {
    const words = search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
    const haystack = (p: AdminPromotion) =>
      `${p.title.ru} ${p.title.en ?? ''} ${p.text.ru} ${p.text.en ?? ''}`.toLocaleLowerCase();
    return (list.data?.promotions ?? []).filter(
      (p) =>
        (!state || p.state === state) &&
        (!kind || p.kind === kind) &&
        words.every((word) => haystack(p).includes(word)),
    );
  }, [list.data, search, state, kind]);

  const dates = (p: AdminPromotion) => {
    const from = wallClockText(p.startsAt, offset);
    const to = wallClockText(p.endsAt, offset);
    if (from && to) return t('fromTo', { from, to });
    if (from) return t('from', { from });
    if (to) return t('until', { to });
    return t('always');
  };

  return (
    <section className={styles.screen} aria-labelledby="promotions-title">
      <div className={styles.heading}>
        <h2 id="promotions-title" className={styles.title}>
          {t('title')}
        </h2>
        <Link href="/new" className={styles.primaryLink}>
          {t('add')}
        </Link>
      </div>
      <p className={styles.hint}>{t('intro')}</p>
      <div className={styles.filters}>
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
        <Field label={t('state')}>
          {(control) => (
            <select {...control} value={state} onChange={(event) => setState(event.target.value)}>
              <option value="">{t('anyState')}</option>
              <option value="active">{t('active')}</option>
              <option value="scheduled">{t('scheduled')}</option>
              <option value="ended">{t('ended')}</option>
            </select>
          )}
        </Field>
        <Field label={t('kind')}>
          {(control) => (
            <select {...control} value={kind} onChange={(event) => setKind(event.target.value)}>
              <option value="">{t('anyKind')}</option>
              <option value="banner">{t('kind_banner')}</option>
              <option value="gift">{t('kind_gift')}</option>
            </select>
          )}
        </Field>
      </div>
      <p role="status" className={notice?.kind === 'failed' ? styles.error : styles.ok}>
        {notice?.kind === 'deleted' ? t('deleted') : notice?.kind === 'failed' ? notice.text : ''}
      </p>
      <ListState query={list} total={list.data?.promotions.length} shown={shown.length} t={t}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('colPicture')}</th>
              <th scope="col">{t('colTitle')}</th>
              <th scope="col">{t('colDates')}</th>
              <th scope="col">{t('colPriority')}</th>
              <th scope="col">{t('colState')}</th>
              <th scope="col">{t('colActions')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((p) => (
              <tr key={p.id}>
                <td data-label={t('colPicture')}>
                  {p.image ? (
                    <img className={styles.thumb} src={p.image} alt="" />
                  ) : (
                    <span className={styles.thumb} />
                  )}
                </td>
                <td data-label={t('colTitle')}>
                  <Link href={`/${p.id}`} className={styles.nameLink}>
                    {pickText(p.title, locale)}
                  </Link>
                  {p.gift && (
                    <span className={styles.giftBadge}>
                      {t('giftBadge', { sum: formatRoubles(p.gift.minSum, locale) })}
                    </span>
                  )}
                </td>
                <td data-label={t('colDates')}>{dates(p)}</td>
                <td data-label={t('colPriority')}>{p.priority}</td>
                <td data-label={t('colState')}>
                  {t(p.state)}
                  {p.isPublished ? '' : <span className={styles.muted}> · {t('hidden')}</span>}
                </td>
                <td data-label={t('colActions')}>
                  <DeletePromotionButton promotion={p} onDone={setNotice} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListState>
    </section>
  );
}
