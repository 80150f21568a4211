import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { INSTALLATION_RULE } from '../contracts/common';
import { admissionConfigFromEnv, type AdmissionConfig } from './admission/admission-config';
import { installAdmission } from './admission/install-admission';
import type { ApiDeps } from './api-deps';
import { authoriseFirst } from './auth/authorise-first';
import { makeRequireScope } from './auth/require-scope';
import { installBodyParsers } from './body-parsers';
import { retryOnLostConnection } from './database-retry';
import { answerFrameworkError, installErrorHandler } from './error-handler';
import { installHttpMetrics } from './http-metrics';
import { escapeUndecodablePath, refuseMalformedInput } from './request-hygiene';
import { zodValidatorCompiler } from './request-validation';
import { consoleRoutes } from './routes/console/console-routes';
import { feedbackRoutes } from './routes/feedback-routes';
import { opsRoutes } from './routes/ops-routes';
import { sdkRoutes, sdkTenantOf } from './routes/sdk-routes';
import { signupRoutes } from './routes/signup-routes';
import { storeRoutes } from './routes/store-routes';
import { subjectDataRoutes } from './routes/subject-data-routes';
import { tokenRoutes } from './routes/token-routes';
import { transactionRoutes } from './routes/transaction-routes';
import { webhookRoutes } from './routes/webhook-routes';

/** 1 MiB: a full batch of 1,000 SDK events is ~150 KiB. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildApiOptions {
  logLevel?: string;
  /** In-flight limits and SDK rates; from the environment by default (README lists the variables). */
  admission?: AdmissionConfig;
}

/** The risk API: every route, the error model, OpenAPI and metrics. No I/O of its own beyond `deps`. */
export async function buildApi(deps: ApiDeps, options: BuildApiOptions = {}) {
  const app = Fastify({
    logger: { level: options.logLevel ?? process.env.LOG_LEVEL ?? 'info' },
    // Per-request logs would cost more than the assessment; errors and the metrics histogram remain.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => crypto.randomUUID(),
    rewriteUrl: escapeUndecodablePath,
    // Long path segments reach their route (authorisation first, then a text 404 for an id that cannot exist).
    routerOptions: { maxParamLength: 2048 },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(zodValidatorCompiler);
  // Responses are typed at compile time by the same schemas; re-validating them per request buys nothing.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  authoriseFirst(app);
  installBodyParsers(app);
  installErrorHandler(app);
  retryOnLostConnection(app, deps.db);
  installHttpMetrics(app, deps.metrics);
  // After authorisation (route onRequest hooks) and body parsing, before any schema or handler looks.
  app.addHook('preValidation', refuseMalformedInput);
  app.decorateRequest('caller', null);
  const admission = options.admission ?? admissionConfigFromEnv(process.env);
  installAdmission(app, admission, (request) => request.caller?.tenantId ?? sdkTenantOf(request));

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Locus risk API',
        version: '2.0.0',
        description: `Location-based risk assessment (distances in metres). Naming the device: ${INSTALLATION_RULE}`,
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const requireScope = makeRequireScope(deps.verifyAccessToken);
  tokenRoutes(app, deps);
  signupRoutes(app, deps, requireScope);
  transactionRoutes(app, deps, requireScope);
  feedbackRoutes(app, deps, requireScope);
  storeRoutes(app, deps, requireScope);
  webhookRoutes(app, deps, requireScope);
  subjectDataRoutes(app, deps, requireScope);
  sdkRoutes(app, deps, admission);
  opsRoutes(app, deps);
  consoleRoutes(app, deps);
  return app;
}
export type Api = Awaited<ReturnType<typeof buildApi>>;
