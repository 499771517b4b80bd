import type { StaffRole } from '@storefront/domain';

/**
 * The demo brand's staff logins, seeded by seed-demo-staff.ts (never in production) and imported by the
 * README's example and the e2e journeys of the order board. Known passwords: demo data, nothing else.
 */
export const DEMO_STAFF = [
  {
    login: 'owner',
    password: 'demo-owner-2026',
    name: 'Владелец Нори-Нори',
    role: 'owner',
    /** An owner sees every restaurant and alone changes the brand's settings (decision 50). */
    restoIds: [],
  },
  {
    login: 'manager',
    password: 'demo-manager-2026',
    name: 'Менеджер Нори-Нори',
    role: 'manager',
    /** A manager sees every restaurant of the brand. */
    restoIds: [],
  },
  {
    login: 'kazan',
    password: 'demo-kazan-2026',
    name: 'Оператор Казань, Баумана',
    role: 'operator',
    restoIds: [1],
  },
] as const satisfies readonly {
  login: string;
  password: string;
  name: string;
  role: StaffRole;
  restoIds: readonly number[];
}[];

/** Only this brand gets them: another brand's staff are added with npm run staff:add. */
export const DEMO_STAFF_BRAND = 'demo';
