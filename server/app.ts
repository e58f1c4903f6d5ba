/**
 * The reference API as a Hono app, importable by tests without a port (`app.request(...)`).
 * server/index.ts adds the built app's static files and listens.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from './context';
import {
  BAD_VALUE,
  DATABASE_UNAVAILABLE,
  OutageLog,
  RETRY_AFTER_SECONDS,
  databaseErrorKind,
} from './http/database-errors';
import { HttpError } from './http/errors';
import { aftercareRoutes } from './tasks/aftercare.routes';
import { driversBusyRoutes } from './dispatch/drivers-busy.routes';
import { authRoutes } from './accounts/auth.routes';
import { avatarRoutes } from './accounts/avatars.routes';
import { chatRoutes } from './tasks/chat.routes';
import { mountDevRoutes } from './http/dev.routes';
import { driverRoutes } from './dispatch/drivers.routes';
import { driverAppRoutes } from './dispatch/driver-app.routes';
import { driverPayoutRoutes } from './payouts/driver-payouts.routes';
import { payoutConsoleRoutes } from './payouts/payouts-console.routes';
import { serviceConsoleRoutes } from './console/services.routes';
import { driverPhotoRoutes } from './tasks/driver-photo.routes';
import { driverPushRoutes } from './notifications/driver-push.routes';
import { healthRoutes, type Lifecycle } from './http/health.routes';
import { paystackWebhookRoutes } from './payments/paystack-webhook.routes';
import { requestIdOf, requestLog } from './http/request-log';
import { opsRoutes } from './console/ops.routes';
import { opsConsoleRoutes } from './console/console.routes';
import { opsPhoneRoutes } from './console/phones.routes';
import { refundRequestRoutes } from './console/refund-requests.routes';
import { reportRoutes } from './console/reports.routes';
import { placesRoutes } from './tasks/places.routes';
import { phoneSignInRoutes } from './accounts/phone-sign-in.routes';
import { pointsRoutes } from './payments/points.routes';
import { pricingRoutes } from './payments/pricing.routes';
import { pushRoutes } from './notifications/push.routes';
import { profileRoutes } from './accounts/profile.routes';
import { recoveryRoutes } from './accounts/recovery.routes';
import { scheduleRoutes } from './tasks/schedules.routes';
import { subscriptionRoutes } from './payments/subscriptions.routes';
import { taskEventRoutes } from './notifications/task-events.routes';
import { taskRoutes } from './tasks/tasks.routes';
import { contentSecurityPolicy } from './http/csp';
import { mountFrontend } from './http/static';
import { isConsolePage, mountConsolePages } from './http/console-pages';
import { readPrerenderedIndex } from './http/prerendered';
import { servicePricesKobo } from './db/pricing';
import { guardedAnswers } from './http/api-guards';
import { responseHeaders } from './http/response-headers';
import { refuseOtherRoles } from './http/roles';
import { isDriverAppRequest } from '../src/shared/driver-paths';

export const MAX_BODY_BYTES = 3 * 1024 * 1024;

/** Path prefixes that belong to the API; the SPA fallback never answers them. */
export const API_PREFIXES = ['/admin/', '/driver/', '/api/', '/dev/', '/ops/', '/avatars/', '/paystack/'];

/** An API call: any write, or a read under an API prefix (app pages and assets are GETs elsewhere). */
export function isApiRequest(method: string, path: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return true;
  // The operators' console is a page under /ops/ (server/http/console-pages.ts); /driver/ is both
  // the driver's API (POSTs, and the client's two GET reads) and the driver's app (GETs).
  return (
    !isConsolePage(path) && !isDriverAppRequest(method, path) && API_PREFIXES.some((prefix) => path.startsWith(prefix))
  );
}

/**
 * Whether a response is a page (an app route or index.html) or the service worker, whose own
 * answer's policy governs it: those get the full page policy. Scripts, styles, images and
 * data files do not run under their own policy, so they get the short one.
 */
export function needsPagePolicy(method: string, path: string): boolean {
  if (isApiRequest(method, path)) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.') || lastSegment.endsWith('.html') || lastSegment === 'sw.js';
}

/** Avatars and driver photos: shown by the app, possibly on another origin, and cached by the browser. */
function isPictureRequest(path: string): boolean {
  return path.startsWith('/avatars/') || path.startsWith('/driver/photo/');
}

export function createApp(deps: AppDeps, options: { distDir?: string; lifecycle?: Lifecycle } = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const outage = new OutageLog(deps.log);
  const serverLog = deps.log.child({ module: 'server' });

  // X-Request-Id on every response and on every line logged meanwhile (the outage's too); in
  // production an access line per request.
  app.use('*', requestLog(deps.log, { accessLines: deps.config.production }));
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
    if (c.res.status < 500) outage.success();
  });
  // Security headers (pages the full set, API answers and static files a short one, avatars
  // their cross-origin one) and CORS, in one step after the route (server/http/response-headers.ts).
  const prerendered = readPrerenderedIndex(options.distDir);
  app.use(
    '*',
    responseHeaders({
      pagePolicy: contentSecurityPolicy(deps.config, prerendered.scriptHashes),
      allowedOrigins: new Set(deps.config.corsOrigins),
      headerSetOf: (method, path) =>
        needsPagePolicy(method, path) ? 'page' : isPictureRequest(path) ? 'picture' : 'api',
    }),
  );
  // The body limit; writes take JSON only; API answers are never stored by a browser or proxy
  // (hostile-use rules); then compression. A body refused as too large gets none but the limit.
  app.use(
    '*',
    guardedAnswers({
      maxBodyBytes: MAX_BODY_BYTES,
      tooLarge: (c) => c.json({ message: 'Request body is too large (3 MB at most)' }, 413),
      isUncacheable: (method, path) => isApiRequest(method, path) && !isPictureRequest(path),
    }),
  );

  app.route('/', healthRoutes(options.lifecycle ?? { stopping: false }));
  app.route('/', paystackWebhookRoutes);
  app.use('/client/*', refuseOtherRoles('client'));
  app.use('/ops/*', refuseOtherRoles('operator'));
  for (const routes of [
    authRoutes,
    phoneSignInRoutes,
    recoveryRoutes,
    profileRoutes,
    avatarRoutes,
    taskRoutes,
    aftercareRoutes,
    driversBusyRoutes,
    taskEventRoutes,
    chatRoutes,
    pricingRoutes,
    driverRoutes,
    driverAppRoutes,
    driverPayoutRoutes,
    driverPushRoutes,
    driverPhotoRoutes,
    subscriptionRoutes,
    pointsRoutes,
    placesRoutes,
    scheduleRoutes,
    pushRoutes,
  ]) {
    app.route('/', routes);
  }
  mountDevRoutes(app, deps);
  // Before the operator API, whose routes authenticate every /ops/* call.
  if (options.distDir) mountConsolePages(app, options.distDir);
  app.route('/', refundRequestRoutes);
  app.route('/', reportRoutes);
  app.route('/', opsConsoleRoutes);
  app.route('/', opsPhoneRoutes);
  app.route('/', payoutConsoleRoutes);
  app.route('/', serviceConsoleRoutes);
  app.route('/', opsRoutes);
  if (options.distDir)
    mountFrontend(app, options.distDir, API_PREFIXES, prerendered.pages, () => servicePricesKobo(deps.db));

  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  app.onError((error, c) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(error.body, error.status);
    }
    const kind = databaseErrorKind(error);
    if (kind === 'bad-input') return c.json({ message: BAD_VALUE }, 400);
    if (kind === 'unavailable') {
      outage.failure(error);
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return c.json({ message: DATABASE_UNAVAILABLE }, 503);
    }
    // The request id named as well as added by the logger's mixin: this is the line searched for first.
    serverLog.error(
      { err: error, requestId: requestIdOf(c), method: c.req.method, path: c.req.path },
      'unexpected error',
    );
    return c.json({ message: 'Something went wrong. Please try again.' }, 500);
  });
  return app;
}
