/**
 * The instants the journeys run at. Each is one storefront server started with `CLOCK_NOW` (the API's
 * test clock, which then runs on at real speed); the page corrects its own clock by that server's
 * `/1/now`, so page and server agree, and no journey depends on the hour the suite happens to run.
 * A journey picks its server with `test.use({ clock: 'night' })` (fixtures.ts).
 */
export const CLOCKS = {
  /** Wednesday 2026-11-25, 12:00 in Kazan (+03:00): every demo restaurant is open, the lunch is on. */
  noon: '2026-11-25T12:00:00+03:00',
  /** Wednesday 03:00 in Kazan: restaurant 1 (11:00–23:00 on weekdays) is closed. */
  night: '2026-11-25T03:00:00+03:00',
  /** Wednesday 17:00 in Kazan: open, but the business lunch (weekdays 11:00–16:00) is over. */
  evening: '2026-11-25T17:00:00+03:00',
  /**
   * Noon again, on a server of its own: the back office's journeys change the demo's menu (prices, photos,
   * hidden dishes, the groups' order), which no other journey may see.
   */
  office: '2026-11-25T12:00:00+03:00',
  /**
   * Noon on a server of its own for the journeys that change the chain itself (restaurants' hours and special days,
   * zones, promotions and promo codes, the brand's settings). Each such journey changes only what it owns: its own
   * restaurant (its details: restaurant 4, Nizhny Novgorod; hours and special days: restaurant 5, Nizhny Novgorod;
   * zones: restaurant 6, Samara), its own new codes, and the brand's colour, which no journey reads but the brand's
   * own.
   */
  chain: '2026-11-25T12:00:00+03:00',
  /**
   * Noon on a server of its own linked to the fake iiko (playwright.config.ts gives only this server the fake's
   * address and API login): the iiko journey links restaurant 2 (Kazan, take-away paid in cash) to the fake's
   * organization, whose menu, orders and statuses no other journey may see.
   */
  pos: '2026-11-25T12:00:00+03:00',
} as const;

export type ClockName = keyof typeof CLOCKS;

export const CLOCK_NAMES = Object.keys(CLOCKS) as ClockName[];

/** The environment variable that carries a clock's server port from the runner to its workers. */
export const portVariable = (clock: ClockName) => `E2E_PORT_${clock.toUpperCase()}`;

export const serverURL = (clock: ClockName) => {
  const port = process.env[portVariable(clock)];
  if (!port) throw new Error(`${portVariable(clock)} is not set (playwright.config.ts sets it)`);
  return `http://127.0.0.1:${port}`;
};

/** Each server writes its log (and so the `log` SMS sender's codes) to its own file. */
export const serverLog = (clock: ClockName) => `test-results/e2e-server-${clock}.log`;
