import { formatMoney, pickText } from '@storefront/domain';
import type { Resto } from '@storefront/domain/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLocation } from '../../../entities/location/current-location.tsx';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { AppLink } from '../../../shared/navigation/app-link.tsx';
import { useParams } from '../../../shared/navigation/router.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { GalleryViewer } from '../../../shared/ui/gallery-viewer.tsx';
import { ChevronLeftIcon, PinIcon } from '../../../shared/ui/icons.tsx';
import { FallbackImage } from '../../../shared/ui/image.tsx';
import chips from './chips.module.css';
import { MethodBadges } from './method-badges.tsx';
import styles from './resto-page.module.css';
import { SchedulePopup } from './schedule-popup.tsx';
import { StatusLine } from './status-line.tsx';
import { useScheduleStatus, useServerNow } from './use-schedule-status.ts';

const PLACEHOLDER = '/media/placeholder.svg';

// The small map loads after the page: its provider is a chunk of its own.
const MapCanvas = lazy(() => import('../../../shared/map/map-canvas.tsx'));
/** Close enough to see the streets around the restaurant. */
const SMALL_MAP_ZOOM = 16;

/** tel: keeps digits and the leading plus only. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

/** An http(s) address for a link value ('vk.com/x' gets https://); null when it is not a web address. */
function webHref(value: string): string | null {
  const trimmed = value.trim();
  const candidate = /^[a-z][a-z\d+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** 'https://www.vk.com/nori/' → 'vk.com/nori'. */
function linkLabel(value: string): string {
  return value
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');
}

function mapHref({ lat, lng }: Resto['location']): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}

/** /restos/{id} (docs/product.md §2 restos.show): a restaurant of the chosen city. */
export default function RestoPage() {
  const { t } = useTranslation('restos');
  const { restoId } = useParams();
  const resto = useCurrentLocation().restos.find((r) => String(r.id) === restoId);
  if (!resto) {
    return (
      <div className={styles.notFound}>
        <h1 className={styles.title}>{t('notFound')}</h1>
        <p className={styles.muted}>{t('notFoundText')}</p>
        <AppLink to="/restos" className={styles.back}>
          <ChevronLeftIcon size={20} />
          {t('all')}
        </AppLink>
      </div>
    );
  }
  // A new restaurant starts with closed popups.
  return <RestoDetail key={resto.id} resto={resto} />;
}

function RestoDetail({ resto }: { resto: Resto }) {
  const { t } = useTranslation('restos');
  const locale = useLocale();
  const now = useServerNow();
  const status = useScheduleStatus(resto, now);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const name = pickText(resto.name, locale);
  const description = pickText(resto.description, locale).trim();
  const hasContacts = resto.phones.length + resto.emails.length + resto.links.length > 0;

  return (
    <article className={styles.page}>
      <AppLink to="/restos" className={styles.back}>
        <ChevronLeftIcon size={20} />
        {t('all')}
      </AppLink>
      <header className={styles.header}>
        <h1 className={styles.title}>{name}</h1>
        <p className={styles.muted}>{pickText(resto.address, locale)}</p>
      </header>

      <div className={styles.layout}>
        {resto.photos.length > 0 && <Photos photos={resto.photos} name={name} />}

        <div className={styles.info}>
          <div className={styles.card}>
            <div className={styles.schedule}>
              <StatusLine status={status} />
              <Button variant="secondary" onClick={() => setScheduleOpen(true)}>
                {t('hours')}
              </Button>
            </div>
            <dl className={styles.facts}>
              {resto.averageCheck > 0 && (
                <div>
                  <dt>{t('averageCheck')}</dt>
                  <dd>{formatMoney(resto.averageCheck, resto.currency, locale)}</dd>
                </div>
              )}
              <div>
                <dt>{t('methods')}</dt>
                <dd>
                  <MethodBadges resto={resto} />
                </dd>
              </div>
            </dl>
          </div>

          {(description || resto.tags.length > 0) && (
            <section className={styles.section} aria-labelledby="resto-about">
              <h2 id="resto-about" className={styles.heading}>
                {t('about')}
              </h2>
              {description && <p className={styles.description}>{description}</p>}
              {resto.tags.length > 0 && (
                <ul className={chips.chips} aria-label={t('tags')}>
                  {resto.tags.map((tag) => (
                    <li key={tag.id} className={chips.chip}>
                      {pickText(tag.name, locale)}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}

          {hasContacts && (
            <section className={styles.section} aria-labelledby="resto-contacts">
              <h2 id="resto-contacts" className={styles.heading}>
                {t('contacts')}
              </h2>
              <dl className={styles.contacts}>
                {resto.phones.length > 0 && (
                  <div>
                    <dt>{t('phones')}</dt>
                    {resto.phones.map((phone) => (
                      <dd key={phone.value}>
                        <a href={telHref(phone.value)}>{phone.value}</a>
                      </dd>
                    ))}
                  </div>
                )}
                {resto.emails.length > 0 && (
                  <div>
                    <dt>{t('emails')}</dt>
                    {resto.emails.map((email) => (
                      <dd key={email.value}>
                        <a href={`mailto:${email.value.trim()}`}>{email.value}</a>
                      </dd>
                    ))}
                  </div>
                )}
                {resto.links.length > 0 && (
                  <div>
                    <dt>{t('links')}</dt>
                    {resto.links.map((link) => {
                      const href = webHref(link.value);
                      return (
                        <dd key={link.value}>
                          {href ? (
                            <a href={href} target="_blank" rel="noopener noreferrer">
                              {linkLabel(link.value)}
                              <span className="visually-hidden"> {t('newTab')}</span>
                            </a>
                          ) : (
                            link.value
                          )}
                        </dd>
                      );
                    })}
                  </div>
                )}
              </dl>
            </section>
          )}

          <section className={styles.section} aria-labelledby="resto-location">
            <h2 id="resto-location" className={styles.heading}>
              {t('location')}
            </h2>
            <div className={styles.location}>
              <PinIcon className={styles.pin} />
              <div className={styles.locationText}>
                <p>{pickText(resto.address, locale)}</p>
                <p className={styles.coordinates}>
                  <span className="visually-hidden">{t('coordinates')}: </span>
                  {resto.location.lat.toFixed(5)}, {resto.location.lng.toFixed(5)}
                </p>
                <a href={mapHref(resto.location)} target="_blank" rel="noopener noreferrer">
                  {t('openOnMap')}
                  <span className="visually-hidden"> {t('newTab')}</span>
                </a>
              </div>
            </div>
            <Suspense fallback={<div className={styles.smallMap} />}>
              <MapCanvas
                key={resto.id}
                className={styles.smallMap}
                center={resto.location}
                zoom={SMALL_MAP_ZOOM}
                interactive={false}
                label={t('mapLabel', { name: pickText(resto.name, locale) })}
                onReady={(view) =>
                  view?.setMarker(resto.location, { draggable: false, title: pickText(resto.name, locale) })
                }
              />
            </Suspense>
          </section>
        </div>
      </div>

      <SchedulePopup resto={resto} open={scheduleOpen} onOpenChange={setScheduleOpen} />
    </article>
  );
}

/** The first photo large, the others as thumbnails; any of them opens the full-screen viewer. */
function Photos({ photos: all, name }: { photos: string[]; name: string }) {
  const { t } = useTranslation('restos');
  const photos = [...new Set(all)];
  const [viewing, setViewing] = useState<number | null>(null);
  const images = photos.map((src, index) => ({ src, alt: t('photoAlt', { name, index: index + 1 }) }));
  return (
    <section className={styles.photos} aria-label={t('photos')}>
      <ul className={styles.photoGrid}>
        {photos.map((src, index) => (
          <li key={src} className={index === 0 ? styles.hero : undefined}>
            <button
              type="button"
              className={styles.photoButton}
              aria-label={t('openPhoto', { index: index + 1, total: photos.length })}
              onClick={() => setViewing(index)}
            >
              <FallbackImage
                src={src}
                alt=""
                fallbackSrc={PLACEHOLDER}
                aspectRatio={index === 0 ? '16 / 9' : '1 / 1'}
                loading={index === 0 ? 'eager' : 'lazy'}
              />
            </button>
          </li>
        ))}
      </ul>
      <GalleryViewer
        open={viewing !== null}
        images={images}
        startIndex={viewing ?? 0}
        onClose={() => setViewing(null)}
        labels={{
          title: t('photos'),
          close: t('close'),
          previous: t('galleryPrevious'),
          next: t('galleryNext'),
        }}
      />
    </section>
  );
}
