/**
 * Paths of the storefront that are one customer's or staff's (apps/web/src/app/router.tsx: /cart with the
 * checkout, /orders and the payment return, /auth, the old /staff), the back office (/admin), and the API's documentation and payment pages.
 * The catalog calls (/1/), /config.json and /content/ stay open: a crawler that runs scripts needs them to
 * render the same page a customer sees.
 */
const PRIVATE_PATHS = ['/cart', '/orders', '/auth', '/staff', '/admin', '/not-found', '/api/', '/geocoder/'];

/** robots.txt: everything public may be crawled, the private paths not; names the sitemap. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
