import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type AppErrorCode } from '../usecases/app-error';
import { databaseUnavailable } from './database-retry';
import { sendAppError } from './http-errors';
import { RequestValidationError } from './request-validation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Signups answer a bad installation id or request token with an empty 400 (SPEC §4.1), not `{errors}`.
     */
    emptyBodyForInvalidInstallation?: boolean;
    /** What a path id that cannot exist (not a UUID, NUL, bad encoding) answers: this code's text 404. */
    unknownIdError?: AppErrorCode;
    /** The token route answers JSON even when it fails: clients choke on anything else. */
    jsonErrors?: boolean;
  }
}

/**
 * Maps every failure to the spec's shapes: AppError by its table, bad input to 400, an unavailable
 * database to 503, the rest to an empty 500.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const config = request.routeOptions.config;
    if (error instanceof AppError) {
      if (error.code === 'invalid_installation' && config.emptyBodyForInvalidInstallation) {
        return reply.code(400).send();
      }
      return sendAppError(reply, error);
    }
    if (error instanceof RequestValidationError) return sendValidationError(request, reply, error);
    const unavailable = databaseUnavailable(error);
    if (unavailable) return sendAppError(reply, unavailable);
    const status = 'statusCode' in error ? (error.statusCode ?? 500) : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ errors: [clientErrorMessage(error as FastifyError)] });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    if (config.jsonErrors) return reply.code(500).send({ errors: ['internal error, retry'] });
    return reply.code(500).send();
  });

  app.setNotFoundHandler((_request, reply) => sendAppError(reply, new AppError('not_found')));
}

function sendValidationError(request: FastifyRequest, reply: FastifyReply, error: RequestValidationError) {
  const config = request.routeOptions.config;
  // An id in the path that fails its schema cannot name anything: it is not found, as an unknown id is.
  if (error.part === 'params') return sendAppError(reply, new AppError(config.unknownIdError ?? 'not_found'));
  if (config.emptyBodyForInvalidInstallation && error.touchesInstallation()) return reply.code(400).send();
  return reply.code(400).send({ errors: error.problems() });
}

/**
 * Fastify's `frameworkErrors`: failures the router meets before any route runs (an undecodable or
 * overlong path segment). Such a path names nothing: a text 404, as an unknown id gets.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendAppError(reply, new AppError('not_found'));
  }
  return reply.code(400).send({ errors: [clientErrorMessage(error)] });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'body: must be valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'body: too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Content-Type: must be application/json';
    default:
      return error.message;
  }
}
