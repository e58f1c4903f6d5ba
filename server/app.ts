/**
 * The reference API as a Hono app, importable by tests without a port (`app.request(...)`).
 * server/index.ts adds the built app's static files and listens.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps, AppEnv } from './context';
import { HttpError } from './http/errors';
import { authRoutes } from './routes/auth';
import { chatRoutes } from './routes/chat';
import { devRoutes } from './routes/dev';
import { driverRoutes } from './routes/drivers';
import { opsRoutes } from './routes/ops';
import { pricingRoutes } from './routes/pricing';
import { profileRoutes } from './routes/profile';
import { subscriptionRoutes } from './routes/subscriptions';
import { taskRoutes } from './routes/tasks';
import { contentSecurityPolicy } from './http/csp';
import { mountFrontend } from './http/static';
import { compress } from 'hono/compress';

export const MAX_BODY_BYTES = 3 * 1024 * 1024;

/** Path prefixes that belong to the API; the SPA fallback never answers them. */
export const API_PREFIXES = ['/admin/', '/driver/', '/api/', '/dev/', '/ops/'];

export function createApp(deps: AppDeps, options: { distDir?: string } = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const allowedOrigins = new Set(deps.config.corsOrigins);

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use('*', secureHeaders({ contentSecurityPolicy: contentSecurityPolicy(deps.config), crossOriginEmbedderPolicy: false }));
  app.use(
    '*',
    cors({
      origin: (origin) => (allowedOrigins.has(origin) ? origin : null),
      allowHeaders: ['Content-Type', 'Authorization'],
      allowMethods: ['GET', 'POST', 'PUT', 'OPTIONS'],
      maxAge: 600,
    }),
  );
  app.use(
    '*',
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ message: 'Request body is too large (3 MB at most)' }, 413) }),
  );

  app.use('*', compress());

  for (const routes of [authRoutes, profileRoutes, taskRoutes, chatRoutes, pricingRoutes, driverRoutes, subscriptionRoutes]) {
    app.route('/', routes);
  }
  if (deps.payments.kind === 'test-ledger' || deps.mailer.kind === 'dev-mailbox') app.route('/', devRoutes);
  app.route('/', opsRoutes);
  if (options.distDir) mountFrontend(app, options.distDir, API_PREFIXES);

  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json(error.body, error.status);
    deps.log(`[error] ${c.req.method} ${c.req.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return c.json({ message: 'Something went wrong. Please try again.' }, 500);
  });
  return app;
}
