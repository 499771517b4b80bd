/**
 * Leaving the storefront for another site (a payment provider's page). A full navigation, not the router's:
 * the provider's page is not ours. An object, so tests can replace `assign` (jsdom cannot leave the page).
 */
export const externalNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
