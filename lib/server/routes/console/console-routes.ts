import type { ApiDeps } from '../../api-deps';
import type { ZodApp } from '../../zod-app';
import type { ConsoleContext } from './console-context';
import { makeConsoleGuard } from './console-guard';
import { consoleErasureRoutes } from './erasure-routes';
import { loadConsoleTokenKey, makeConsoleTokens, type ConsoleTokens } from './console-token';
import { consoleEntityRoutes } from './entity-routes';
import { consoleOverviewRoutes } from './overview-routes';
import { consolePaymentRoutes } from './payment-routes';
import { consoleQueueRoutes } from './queue-routes';
import { consoleReviewRoutes } from './review-routes';
import { consoleSettingsRoutes } from './settings-routes';
import { sessionRoutes } from './session-routes';
import { consoleThresholdRoutes } from './threshold-routes';
import { consoleSignupRoutes } from './signup-routes';
import { consoleWebhookRoutes } from './webhook-settings-routes';

/**
 * The console API (/api/console/v1): used only by the console's server side, with console user tokens
 * (never API client credentials). Every route but sign-in sits behind the role guard and is tenant-scoped.
 */
export function consoleRoutes(app: ZodApp, deps: ApiDeps): void {
  let tokens: Promise<ConsoleTokens> | null = null;
  const loadTokens = () =>
    (tokens ??= loadConsoleTokenKey(deps.db).then((key) => makeConsoleTokens(key, deps.clock)));
  const ctx: ConsoleContext = {
    db: deps.db,
    clock: deps.clock,
    deps,
    tokens: loadTokens,
    guard: makeConsoleGuard(deps.db, loadTokens),
  };
  sessionRoutes(app, ctx);
  consoleSignupRoutes(app, ctx);
  consolePaymentRoutes(app, ctx);
  consoleReviewRoutes(app, ctx);
  consoleQueueRoutes(app, ctx);
  consoleEntityRoutes(app, ctx);
  consoleThresholdRoutes(app, ctx);
  consoleOverviewRoutes(app, ctx);
  consoleSettingsRoutes(app, ctx);
  consoleWebhookRoutes(app, ctx);
  consoleErasureRoutes(app, ctx);
}
