import { mayAdmin } from '@storefront/domain';
import type { AdminPosLink } from '@storefront/domain/contracts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RestoPicker } from '../../../entities/restos/resto-picker.tsx';
import { useAdminRestos } from '../../../entities/restos/restos.ts';
import { useStaffSession } from '../../../entities/staff-session/staff-session.ts';
import { BACK_OFFICE_BASE } from '../../../shared/navigation.tsx';
import { usePosLink } from '../model/pos-api.ts';
import styles from './pos-link.module.css';
import { PosLinkPanel } from './pos-link-panel.tsx';
import { PosLogPanel } from './pos-log-panel.tsx';
import { PosSyncPanel } from './pos-sync-panel.tsx';
import { PosZonesPanel } from './pos-zones-panel.tsx';

/**
 * /admin/restaurants/pos (decision 54): pick a restaurant, then its link to iiko (organization, terminal group,
 * payment types), sync now, iiko's zones, and the log of the exchange. Owners and managers.
 */
export function PosScreen() {
  const { t } = useTranslation('posLink');
  const restos = useAdminRestos();
  const role = useStaffSession()?.staff.role;
  const [picked, setPicked] = useState<number | null>(null);
  const restoId = picked ?? restos.data?.[0]?.id ?? null;
  if (role && !mayAdmin(role, 'pos.manage'))
    return (
      <section className={styles.screen}>
        <h2 className={styles.title}>{t('title')}</h2>
        <p className={styles.state}>{t('forbidden')}</p>
      </section>
    );
  return (
    <section className={styles.screen} aria-labelledby="pos-title">
      <div className={styles.heading}>
        <h2 id="pos-title" className={styles.title}>
          {t('title')}
        </h2>
        <RestoPicker value={restoId} onChange={setPicked} />
      </div>
      <p className={styles.hint}>{t('intro')}</p>
      {restoId === null ? (
        <p className={styles.state}>{restos.isPending ? t('loading') : t('pickResto')}</p>
      ) : (
        <RestoPos key={restoId} restoId={restoId} />
      )}
    </section>
  );
}

function RestoPos({ restoId }: { restoId: number }) {
  const { t } = useTranslation('posLink');
  const link = usePosLink(restoId);
  if (link.isPending)
    return (
      <p className={styles.state} role="status">
        <Spinner size={20} /> {t('loading')}
      </p>
    );
  if (link.isError || !link.data)
    return (
      <div className={styles.state} role="alert">
        <p>
          {t('failed')}
          {link.error ? `: ${link.error.message}` : ''}
        </p>
        <Button variant="secondary" onClick={() => void link.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  const working = link.data.configured && link.data.linked;
  return (
    <>
      {!link.data.configured && <NotConfigured link={link.data} />}
      <PosLinkPanel restoId={restoId} link={link.data} />
      {working && <PosSyncPanel restoId={restoId} />}
      {working && <PosZonesPanel restoId={restoId} />}
      <PosLogPanel restoId={restoId} />
    </>
  );
}

/** The server has no API login for the brand: what to do, and where the server's secrets are listed. */
function NotConfigured({ link }: { link: AdminPosLink }) {
  const { t } = useTranslation('posLink');
  const role = useStaffSession()?.staff.role;
  return (
    <div className={styles.warningCard} role="note">
      <h3 className={styles.subtitle}>{t('notConfiguredTitle')}</h3>
      <p className={styles.hint}>
        {t('notConfiguredText', { variable: 'IIKO_API_LOGINS', example: 'brand=apiLogin' })}
      </p>
      {link.linked && <p className={styles.error}>{t('notConfiguredLinked')}</p>}
      <p className={styles.hint}>
        {/* The secrets screen is the owners'. */}
        {role && mayAdmin(role, 'brand.manage') ? (
          <a href={`${BACK_OFFICE_BASE}/brand/secrets`}>{t('notConfiguredSecrets')}</a>
        ) : (
          t('notConfiguredAskOwner')
        )}
      </p>
    </div>
  );
}
