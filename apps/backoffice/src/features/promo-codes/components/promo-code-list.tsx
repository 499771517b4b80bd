import type { AdminPromoCode } from '@storefront/domain/contracts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import screen from '../../../entities/menu-parts/menu-part-screen.module.css';
import { Link } from '../../../shared/navigation.tsx';
import { fileDate, saveFile } from '../../../shared/save-file.ts';
import { rublesInput, wallClockText } from '../../../shared/wall-clock.ts';
import { fetchPromoCodesCsv, type PromoCodeFilter, usePromoCodes } from '../model/promo-codes-api.ts';
import { BatchDialog } from './batch-dialog.tsx';
import own from './promo-codes.module.css';

const styles = { ...screen, ...own };

/** The brand's promo codes: a code search, on/off and campaign filters, CSV export, a batch; newest first. */
export function PromoCodeList() {
  const { t } = useTranslation('promoCodes');
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<PromoCodeFilter['active']>('');
  const [campaign, setCampaign] = useState('');
  const [batchOpen, setBatchOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const filter = { search: useDeferredValue(search), active, campaign };
  const page = usePromoCodes(filter);
  const offset = page.data?.timezone ?? '+03:00';

  const discountText = (code: AdminPromoCode) =>
    code.kind === 'percent'
      ? `${code.value} %${code.maxDiscountAmount ? ` ≤ ${rublesInput(code.maxDiscountAmount)} ₽` : ''}`
      : `${rublesInput(code.value)} ₽`;
  const validText = (code: AdminPromoCode) => {
    const from = wallClockText(code.startsAt, offset);
    const to = wallClockText(code.endsAt, offset);
    if (from && to) return t('fromTo', { from, to });
    if (from) return t('from', { from });
    if (to) return t('until', { to });
    return t('always');
  };
  const exportCsv = async () => {
    setExporting(true);
    setNotice(null);
    try {
      const name = campaign ? `promo-codes-${campaign}.csv` : `promo-codes-${fileDate()}.csv`;
      saveFile(name, await fetchPromoCodesCsv(campaign), 'text/csv');
    } catch (error) {
      setNotice(`${t('exportFailed')}: ${(error as Error).message}`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className={styles.screen} aria-labelledby="promo-codes-title">
      <div className={styles.heading}>
        <h2 id="promo-codes-title" className={styles.title}>
          {t('title')}
        </h2>
        <div className={styles.headingActions}>
          <Button variant="secondary" onClick={() => setBatchOpen(true)}>
            {t('batch')}
          </Button>
          <Link href="/new" className={styles.primaryLink}>
            {t('add')}
          </Link>
        </div>
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
            <select
              {...control}
              value={active}
              onChange={(event) => setActive(event.target.value as PromoCodeFilter['active'])}
            >
              <option value="">{t('anyState')}</option>
              <option value="true">{t('activeOnly')}</option>
              <option value="false">{t('inactiveOnly')}</option>
            </select>
          )}
        </Field>
        <Field label={t('campaign')}>
          {(control) => (
            <select {...control} value={campaign} onChange={(event) => setCampaign(event.target.value)}>
              <option value="">{t('anyCampaign')}</option>
              {(page.data?.campaigns ?? []).map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Button variant="secondary" onClick={() => void exportCsv()} loading={exporting}>
          {t('exportCsv')}
        </Button>
      </div>
      <p role="status" className={styles.ok}>
        {notice ?? ''}
      </p>
      {page.isPending ? (
        <p className={styles.state} role="status">
          <Spinner size={20} /> {t('loading')}
        </p>
      ) : page.isError ? (
        <div className={styles.state} role="alert">
          <p>
            {t('failed')}: {page.error.message}
          </p>
          <Button variant="secondary" onClick={() => void page.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : page.data.codes.length === 0 ? (
        <p className={styles.state}>{search || active || campaign ? t('nothingFound') : t('empty')}</p>
      ) : (
        <>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('colCode')}</th>
                <th scope="col">{t('colDiscount')}</th>
                <th scope="col">{t('colValid')}</th>
                <th scope="col">{t('colUses')}</th>
                <th scope="col">{t('colGiven')}</th>
                <th scope="col">{t('colState')}</th>
              </tr>
            </thead>
            <tbody>
              {page.data.codes.map((code) => (
                <tr key={code.id}>
                  <td data-label={t('colCode')}>
                    <Link href={`/${code.id}`} className={`${styles.nameLink} ${styles.code}`}>
                      {code.code}
                    </Link>
                    {code.campaign && <span className={styles.muted}> · {code.campaign}</span>}
                  </td>
                  <td data-label={t('colDiscount')}>{discountText(code)}</td>
                  <td data-label={t('colValid')}>{validText(code)}</td>
                  <td data-label={t('colUses')}>
                    {code.totalLimit
                      ? t('usesLimit', { count: code.uses, limit: code.totalLimit })
                      : t('uses', { count: code.uses })}
                  </td>
                  <td data-label={t('colGiven')}>{rublesInput(code.discountGiven) || '0'} ₽</td>
                  <td data-label={t('colState')}>{code.active ? t('on') : t('off')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className={styles.hint}>
            {t('shownOf', { shown: page.data.codes.length, total: page.data.total })}
          </p>
        </>
      )}
      {batchOpen && (
        <BatchDialog
          open
          offset={offset}
          onClose={() => setBatchOpen(false)}
          onDone={(result) => {
            setBatchOpen(false);
            setCampaign(result.campaign);
            setNotice(t('generated', { count: result.count, campaign: result.campaign }));
          }}
        />
      )}
    </section>
  );
}
