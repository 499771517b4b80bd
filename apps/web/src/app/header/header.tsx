import { pickText } from '@storefront/domain';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppFlags } from '../../entities/app-flags/app-flags-store.ts';
import { useCartCount } from '../../entities/cart/cart-store.ts';
import { useCurrentLocation } from '../../entities/location/current-location.tsx';
import { useSelections } from '../../entities/location/selections-store.ts';
import { useBrand } from '../../shared/config.tsx';
import { useLocale } from '../../shared/i18n/use-locale.ts';
import { AppLink } from '../../shared/navigation/app-link.tsx';
import { DrawnLater } from '../../shared/scheduling/drawn-later.tsx';
import { STORAGE_KEYS } from '../../shared/storage/keys.ts';
import { readRaw } from '../../shared/storage/local-storage.ts';
import { CartIcon, HouseIcon, MenuIcon, PersonIcon, PinIcon, SearchIcon } from '../../shared/ui/icons.tsx';
import styles from './header.module.css';
import { PrimaryLinks } from './links.tsx';
import { LocaleMenu } from './locale-menu.tsx';
import { NavigationPanel } from './navigation-panel.tsx';

// The points (decision 55) come with the session's code, after the first screen (decision 32).
const HeaderBonus = lazy(() => import('./header-bonus.tsx'));

/** The balance beside the profile entry, asked for only by a browser that keeps a customer's session. */
function Points() {
  if (readRaw(STORAGE_KEYS.personTokenSet) === null) return null;
  return (
    <Suspense fallback={null}>
      <HeaderBonus variant="header" />
    </Suspense>
  );
}

function LocationButton() {
  const { t } = useTranslation('header');
  const locale = useLocale();
  const { city, resto, method } = useCurrentLocation();
  const place = useSelections((s) => s.deliveryPlace);
  const openLocation = useAppFlags((s) => s.openLocation);
  const detail =
    method === 'TAKE_AWAY' && resto
      ? { method: t('takeAway'), icon: <PinIcon size={14} />, place: pickText(resto.street, locale) }
      : method === 'DELIVERY' && place
        ? { method: t('delivery'), icon: <HouseIcon size={14} />, place: place.address ?? t('mapPoint') }
        : null;
  return (
    <button
      type="button"
      className={styles.location}
      onClick={() => openLocation()}
      data-testid="location-button"
    >
      <span className={styles.city}>{city ? pickText(city.name, locale) : t('chooseAddress')}</span>
      {detail && (
        <span className={styles.detail}>
          <span className={styles.methodIcon}>{detail.icon}</span>
          <span className={styles.method}>{detail.method}: </span>
          <span className={styles.place} data-testid="location-place">
            {detail.place}
          </span>
        </span>
      )}
    </button>
  );
}

/** docs/product.md §2: brand, chosen location (opens the popup), primary navigation, language, cart with its count. */
export function Header() {
  const { t } = useTranslation('header');
  const brand = useBrand();
  const count = useCartCount();
  const setNavigationOpen = useAppFlags((s) => s.setNavigationOpen);
  const setSearchOpen = useAppFlags((s) => s.setSearchOpen);
  const locale = useLocale();
  const brandName = brand.name[locale] ?? brand.name.ru;
  return (
    <header className={styles.header}>
      <button
        type="button"
        className={`${styles.iconButton} ${styles.burger}`}
        aria-label={t('openMenu')}
        onClick={() => setNavigationOpen(true)}
      >
        <MenuIcon />
      </button>
      {/* The name starts with the brand's name as shown, so a voice command naming it works (WCAG 2.5.3). */}
      <AppLink to="/" className={styles.brand} aria-label={t('home', { brand: brandName })}>
        <img src={brand.logo} alt="" width={40} height={40} />
        <span className={styles.brandName}>{brandName}</span>
      </AppLink>
      <LocationButton />
      <nav className={styles.primary} aria-label={t('navigation')}>
        <PrimaryLinks className={styles.primaryList} />
      </nav>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t('search')}
          onClick={() => setSearchOpen(true)}
          data-testid="search-button"
        >
          <SearchIcon size={22} />
        </button>
        <LocaleMenu />
        <DrawnLater>
          <Points />
        </DrawnLater>
        <AppLink to="/auth" className={styles.account} aria-label={t('account')} data-testid="account-button">
          <PersonIcon size={22} />
        </AppLink>
        <AppLink
          to="/cart"
          className={styles.cart}
          aria-label={t('cartWithCount', { count })}
          data-testid="cart-button"
        >
          <CartIcon size={20} />
          <span className={styles.cartLabel}>{t('cart')}</span>
          {count > 0 && (
            <span className={styles.count} aria-hidden="true">
              {count}
            </span>
          )}
        </AppLink>
      </div>
      <NavigationPanel />
    </header>
  );
}
