import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import { storefrontOrigins } from './cors.ts';

/** A CSP: directive name → its sources. An empty list is a directive without sources (upgrade-insecure-requests). */
export type CspDirectives = Record<string, string[]>;

const SELF = "'self'";
const NONE = "'none'";

/** Where each outside service the storefront may use loads from (their published CSP guidance). */
const GOOGLE_MAPS = {
  // The Maps JavaScript API (developers.google.com/maps/documentation/javascript/content-security-policy).
  script: ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com'],
  img: [
    'https://*.googleapis.com',
    'https://*.gstatic.com',
    'https://*.google.com',
    'https://*.googleusercontent.com',
  ],
  connect: ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com'],
  font: ['https://fonts.gstatic.com'],
  style: ['https://fonts.googleapis.com'],
  frame: ['https://*.google.com'],
};
/** Google Identity Services: its script, its button's iframe and styles, its calls (all under /gsi/). */
const GOOGLE_SIGN_IN = 'https://accounts.google.com';
/** Sign in with Apple JS: the script from Apple's CDN; the sign-in itself is a popup (no CSP entry). */
const APPLE_SIGN_IN = { script: 'https://appleid.cdn-apple.com', frame: 'https://appleid.apple.com' };
/** Yandex SmartCaptcha: its script, its challenge iframe and the calls the script makes. */
const SMART_CAPTCHA = 'https://smartcaptcha.yandexcloud.net';
/**
 * Yandex Metrika's tag (yandex.ru/support/metrica/code/install-counter-csp.html): tag.js from mc.yandex.ru,
 * its hits and pixels, and session recording (webvisor), which also talks over WebSocket and to mc.webvisor.*.
 */
const METRIKA = {
  script: ['https://mc.yandex.ru', 'https://mc.yandex.com', 'https://yastatic.net'],
  img: ['https://mc.yandex.ru', 'https://mc.yandex.com'],
  connect: [
    'https://mc.yandex.ru',
    'https://mc.yandex.com',
    'wss://mc.yandex.ru',
    'wss://mc.yandex.com',
    'https://mc.webvisor.com',
    'https://mc.webvisor.org',
    'wss://mc.webvisor.com',
    'wss://mc.webvisor.org',
  ],
  frame: ['blob:', 'https://mc.yandex.ru', 'https://mc.yandex.com'],
};

const originOf = (url: string | undefined | null): string | null => {
  if (!url || !/^https?:\/\//.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * The source a tile URL template loads from: 'https://{s}.tile.example.org/{z}/{x}/{y}.png' gives
 * 'https://*.tile.example.org' (CSP allows a wildcard only as the whole leftmost label). A template it
 * cannot express gives null, and its tiles stay blocked rather than the whole scheme being opened.
 */
export function tileSource(template: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/.exec(template);
  if (!match) return null;
  const [, scheme, host] = match as unknown as [string, string, string];
  // Host characters only (and placeholders): nothing that could end the source or the directive.
  if (!/^[\w.\-:[\]{}]+$/.test(host)) return null;
  const wildcard = host.replace(/\{[^}]*\}/g, '*');
  if (/[{}]/.test(wildcard) || (wildcard.includes('*') && !/^\*\.[^*]+$/.test(wildcard))) return null;
  return `${scheme}://${wildcard}`;
}

/**
 * The storefront's Content-Security-Policy, from the brand and the environment (decision 25): exactly
 * the outside services this brand has switched on, and nothing for the ones it has not.
 * - 'self': the build's scripts and styles, /config.json, and (by default) the API, its media and pages.
 * - PUBLIC_API_BASE: the API on its own origin (calls, server-sent events, /media pictures).
 * - maps.tileUrl (MAP_TILE_URL) → img-src; maps.geocoderUrl when absolute → connect-src.
 * - maps.googleMapsKey → Google Maps' own list, plus googleGeocodingUrl/googlePlacesUrl (tests' fakes).
 * - clients.googleClientId / appleClientId / vkAppId with the method in features.auth → that sign-in.
 *   VK ID needs only connect-src (the browser's logout call): its authorize page is a popup or a redirect.
 * - clients.captchaClientKey → SmartCaptcha; clients.metrikaId → Metrika.
 * - form-action: our own forms (the demo payment page) and where they redirect (the storefront's origins).
 *   The storefront reaches a payment provider's page by a location change, which CSP does not govern.
 * style-src keeps 'unsafe-inline': Radix's scroll lock (react-style-singleton) and Leaflet write <style> and
 * style attributes at run time, and so does the demo payment page; scripts get no such exception.
 */
export function contentSecurityPolicy(config: Pick<AppConfig, 'env' | 'brand'>): CspDirectives {
  const { env, brand } = config;
  const auth = new Set<string>(brand.features.auth);
  const script = [SELF];
  const style = [SELF, "'unsafe-inline'"];
  const img = [SELF, 'data:', 'blob:'];
  const font = [SELF, 'data:'];
  const connect = [SELF];
  const frame: string[] = [];
  const worker = [SELF];

  const api = originOf(env.PUBLIC_API_BASE);
  if (api) {
    connect.push(api);
    img.push(api);
  }
  const tiles = brand.maps.tileUrl ? tileSource(brand.maps.tileUrl) : null;
  if (tiles) img.push(tiles);
  const geocoder = originOf(brand.maps.geocoderUrl);
  if (geocoder) connect.push(geocoder);

  if (brand.maps.googleMapsKey) {
    const own = [originOf(brand.maps.googleGeocodingUrl), originOf(brand.maps.googlePlacesUrl)];
    const ours = own.filter((origin): origin is string => origin !== null);
    script.push(...GOOGLE_MAPS.script, ...ours);
    img.push(...GOOGLE_MAPS.img);
    connect.push(...GOOGLE_MAPS.connect, ...ours);
    font.push(...GOOGLE_MAPS.font);
    style.push(...GOOGLE_MAPS.style);
    frame.push(...GOOGLE_MAPS.frame);
    worker.push('blob:');
  }
  if (brand.clients.googleClientId && auth.has('GOOGLE')) {
    script.push(GOOGLE_SIGN_IN);
    style.push(GOOGLE_SIGN_IN);
    connect.push(GOOGLE_SIGN_IN);
    frame.push(GOOGLE_SIGN_IN);
  }
  if (brand.clients.appleClientId && auth.has('APPLE')) {
    script.push(APPLE_SIGN_IN.script);
    frame.push(APPLE_SIGN_IN.frame);
  }
  if (brand.clients.vkAppId && auth.has('VK')) {
    const vk = originOf(env.VK_ID_URL);
    if (vk) connect.push(vk);
  }
  if (brand.clients.captchaClientKey) {
    script.push(SMART_CAPTCHA);
    connect.push(SMART_CAPTCHA);
    frame.push(SMART_CAPTCHA);
  }
  if (brand.clients.metrikaId) {
    script.push(...METRIKA.script);
    img.push(...METRIKA.img);
    connect.push(...METRIKA.connect);
    frame.push(...METRIKA.frame);
  }

  const unique = (sources: string[]) => [...new Set(sources)];
  const directives: CspDirectives = {
    'default-src': [SELF],
    'script-src': unique(script),
    'style-src': unique(style),
    'img-src': unique(img),
    'font-src': unique(font),
    'connect-src': unique(connect),
    'frame-src': frame.length > 0 ? unique(frame) : [NONE],
    'worker-src': unique(worker),
    'manifest-src': [SELF],
    'media-src': [SELF],
    'object-src': [NONE],
    'base-uri': [SELF],
    'form-action': unique([SELF, ...storefrontOrigins(config)]),
    'frame-ancestors': [NONE],
  };
  // Only for an https storefront: on http (local runs, the journeys) it would 'upgrade' calls to a port
  // that speaks no TLS.
  if (env.PUBLIC_URL?.startsWith('https://')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** The policy as its header value. */
export function formatPolicy(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * Powerful features: geolocation (the 'find me' on the map) for our own origin only; the camera, microphone,
 * Payment Request and USB, which nothing of ours uses, off. Features a browser does not know only cost a
 * console warning, so the list keeps to long-standing ones.
 */
export const PERMISSIONS_POLICY = 'geolocation=(self), camera=(), microphone=(), payment=(), usb=()';

/** One year; no includeSubDomains or preload: other hosts of the chain's domain are not ours to decide. */
export const HSTS = 'max-age=31536000';

/**
 * Every header of every answer, computed once at start (decision 25). Beside the policy, the rest of
 * helmet's set with our values: COOP same-origin-allow-popups keeps the VK ID, Apple and Google popups able
 * to post back; CORP lets the storefront's other origins load our /media as plain <img> when there are any;
 * X-Frame-Options says frame-ancestors 'none' to old browsers.
 */
export function securityHeaders(config: Pick<AppConfig, 'env' | 'brand'>): Record<string, string> {
  return {
    'content-security-policy': formatPolicy(contentSecurityPolicy(config)),
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': storefrontOrigins(config).length > 0 ? 'cross-origin' : 'same-origin',
    'origin-agent-cluster': '?1',
    'permissions-policy': PERMISSIONS_POLICY,
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** Puts the headers on one answer; HSTS only when it goes out over https. */
export type ApplySecurityHeaders = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * Security headers on every answer (decision 25): pages, JSON, static files, preflights and errors alike.
 * Hand-written rather than on @fastify/helmet, whose values we would override nearly all of, because
 * helmet cannot express three things asked here: a Permissions-Policy (not in helmet); HSTS only over https
 * (helmet sends it on every answer; https = the request's protocol, x-forwarded-proto through TRUST_PROXY,
 * or a PUBLIC_URL that starts with https); and the requests Fastify refuses before routing (an undecodable
 * URL), which run no onRequest hook, so app.ts's frameworkErrors puts the same headers on with this
 * function. The values are computed once; @fastify/helmet rebuilds its middleware per request (about 5 µs here).
 */
export function securityHeadersApplier(config: Pick<AppConfig, 'env' | 'brand'>): ApplySecurityHeaders {
  const headers = securityHeaders(config);
  const alwaysHttps = config.env.PUBLIC_URL?.startsWith('https://') ?? false;
  return (request, reply) => {
    reply.headers(headers);
    if (alwaysHttps || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  };
}

/** Every routed request gets the headers first thing (register before the other onRequest hooks). */
export function registerSecurityHeaders(app: FastifyInstance, apply: ApplySecurityHeaders): void {
  app.addHook('onRequest', async (request, reply) => apply(request, reply));
}
