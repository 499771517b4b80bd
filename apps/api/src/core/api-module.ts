import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The app a module registers on: Fastify with the zod type provider (app.ts builds it). */
export type ApiApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * One area of the API as the app registers it. Each module's index.ts exports one of these (beside what
 * other modules may use of it); modules/index.ts lists them in registration order and app.ts registers the
 * list, so adding a module never touches app.ts. `Deps` names only what the module needs of the shared
 * ones (config, database, clock, catalog, ...): the list checks at compile time that the app provides it.
 */
export interface ApiModule<Deps> {
  readonly name: string;
  register(app: ApiApp, deps: Deps): Promise<void>;
}
