import { isChain, pickText } from '@storefront/domain';
import { useTranslation } from 'react-i18next';
import { useCurrentLocation } from '../../entities/location/current-location.tsx';
import { useBrand, useBrandPages } from '../../shared/config.tsx';
import { useLocale } from '../../shared/i18n/use-locale.ts';
import { AppLink, NavLink } from '../../shared/navigation/app-link.tsx';
import styles from './header.module.css';

/** Primary navigation: menu, promotions, restaurants and the external Franchise link (new tab). */
/** `withAccount`: the navigation panel also links the account, which phones have no header room for. */
export function PrimaryLinks({
  className,
  withAccount = false,
}: {
  className?: string;
  withAccount?: boolean;
}) {
  const { t } = useTranslation('header');
  const brand = useBrand();
  const location = useCurrentLocation();
  const chain = isChain(location);
  const resto = location.resto ?? location.restos[0] ?? null;
  return (
    <ul className={className}>
      <li>
        <NavLink to="/" end>
          {t('menu')}
        </NavLink>
      </li>
      <li>
        <NavLink to="/promotions">{t('promotions')}</NavLink>
      </li>
      <li>
        {/* A single restaurant is not a list: the link says so and goes to its page (docs/product.md §3 'chain'). */}
        {chain || !resto ? (
          <NavLink to="/restos">{t('restos')}</NavLink>
        ) : (
          <NavLink to={`/restos/${resto.id}`}>{t('resto')}</NavLink>
        )}
      </li>
      {withAccount && (
        <li>
          <NavLink to="/auth">{t('account')}</NavLink>
        </li>
      )}
      {brand.links.franchise && (
        <li>
          <a href={brand.links.franchise} target="_blank" rel="noopener noreferrer">
            {t('franchise')} ↗<span className="visually-hidden"> {t('newTab')}</span>
          </a>
        </li>
      )}
    </ul>
  );
}

/** Secondary navigation: the brand's published pages in its order, titled in the customer's language (decision 50). */
export function SecondaryLinks({ onNavigate }: { onNavigate?: () => void }) {
  const pages = useBrandPages();
  const locale = useLocale();
  return (
    <ul className={styles.secondaryList}>
      {pages.map((page) => (
        <li key={page.slug}>
          <AppLink to={`/${page.slug}`} onClick={onNavigate}>
            {pickText(page.title, locale)}
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

export function StoreLinks() {
  const { t } = useTranslation('header');
  const { links } = useBrand();
  return (
    <ul className={styles.storeList}>
      {links.support && (
        <li>
          <a href={links.support} target="_blank" rel="noopener noreferrer">
            {t('support')}
          </a>
        </li>
      )}
      {links.appStore && (
        <li>
          <a href={links.appStore} target="_blank" rel="noopener noreferrer">
            {t('appStore')}
          </a>
        </li>
      )}
      {links.googlePlay && (
        <li>
          <a href={links.googlePlay} target="_blank" rel="noopener noreferrer">
            {t('googlePlay')}
          </a>
        </li>
      )}
    </ul>
  );
}
