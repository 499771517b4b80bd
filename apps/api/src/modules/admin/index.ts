import type { AppConfig } from '../../config.ts';
import type { ApiModule } from '../../core/api-module.ts';
import { mediaStoreOf } from '../../integrations/media-store/media-stores.ts';
import type { PaymentsContext } from '../payments/index.ts';
import { adminAuditRoutes } from './admin-audit.routes.ts';
import { adminBonusProgramRoutes } from './admin-bonus-program.routes.ts';
import { adminBrandRoutes } from './admin-brand.routes.ts';
import { adminCitiesRoutes } from './admin-cities.routes.ts';
import { adminDishesRoutes } from './admin-dishes.routes.ts';
import { adminGroupsRoutes } from './admin-groups.routes.ts';
import { adminHoursRoutes } from './admin-hours.routes.ts';
import { adminMenuFileRoutes } from './admin-menu-file.routes.ts';
import { adminMenusRoutes } from './admin-menus.routes.ts';
import { adminModifiersRoutes } from './admin-modifiers.routes.ts';
import { adminOrderBonusRoutes } from './admin-order-bonus.routes.ts';
import { adminPhotosRoutes } from './admin-photos.routes.ts';
import { adminPosRoutes } from './admin-pos.routes.ts';
import { adminPromoCodesRoutes } from './admin-promo-codes.routes.ts';
import { adminPromotionsRoutes } from './admin-promotions.routes.ts';
import { adminRestosRoutes } from './admin-restos.routes.ts';
import type { AdminRoutesOptions } from './admin-routes-options.ts';
import { adminStaffRoutes } from './admin-staff.routes.ts';
import { adminTimeSlotsRoutes } from './admin-time-slots.routes.ts';
import { adminZonesRoutes } from './admin-zones.routes.ts';

/**
 * The back office's API under /api/v1/admin (decision 45): staff tokens, checked for brand and role on every call
 * (admin-access.ts), versioned rows under If-Match, and an audit log written in each change's transaction, with
 * revert. Dishes were the first entity, a menu's groups and the orders of both the next (admin-groups.ts).
 */
export const adminModule: ApiModule<AdminRoutesOptions & { config: AppConfig; payments: PaymentsContext }> = {
  name: 'admin',
  async register(app, { db, now, catalog, config, payments }) {
    await app.register(adminDishesRoutes, { db, now, catalog });
    await app.register(adminGroupsRoutes, { db, now, catalog });
    await app.register(adminMenusRoutes, { db, now, catalog });
    await app.register(adminModifiersRoutes, { db, now, catalog });
    await app.register(adminTimeSlotsRoutes, { db, now, catalog });
    await app.register(adminZonesRoutes, { db, now, catalog });
    await app.register(adminRestosRoutes, { db, now, catalog });
    await app.register(adminHoursRoutes, { db, now, catalog });
    await app.register(adminCitiesRoutes, { db, now, catalog });
    await app.register(adminAuditRoutes, { db, now, catalog });
    // Photos (decision 46) and a menu archive's pictures: the media store the app's /media/u/ route serves from.
    const mediaStore = mediaStoreOf(config);
    await app.register(adminBrandRoutes, { db, now, catalog, config, mediaStore });
    await app.register(adminMenuFileRoutes, { db, now, catalog, mediaStore });
    await app.register(adminStaffRoutes, { db, now, catalog });
    await app.register(adminPhotosRoutes, { db, now, catalog, mediaStore });
    await app.register(adminPromotionsRoutes, { db, now, catalog, mediaStore });
    await app.register(adminPromoCodesRoutes, { db, now, catalog });
    // The chain's POS (decision 54): its context is the pos module's, read per request (it registers after this).
    await app.register(adminPosRoutes, { db, now, catalog });
    // Bonus points (decision 55): the program, and the order card's points and refunds.
    await app.register(adminBonusProgramRoutes, { db, now, catalog });
    await app.register(adminOrderBonusRoutes, { db, now, catalog, payments });
  },
};
