import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../usecases/app-error';
import { sendAppError } from './http-errors';
import { RequestValidationError } from './request-validation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Signups answer an invalid installation_id with an empty 400 (SPEC §4.1), not `{errors}`. */
    emptyBodyForInvalidInstallation?: boolean;
    /** The token route answers JSON even when it fails: clients choke on anything else. */
    jsonErrors?: boolean;
  }
}

/** Maps every failure to the spec's shapes: AppError by its table, bad input to 400, the rest to an empty 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof AppError) return sendAppError(reply, error);
    if (error instanceof RequestValidationError) {
      if (request.routeOptions.config.emptyBodyForInvalidInstallation && error.touches('installation_id')) {
        return reply.code(400).send();
      }
      return reply.code(400).send({ errors: error.problems() });
    }
    const status = 'statusCode' in error ? (error.statusCode ?? 500) : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ errors: [clientErrorMessage(error as FastifyError)] });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    if (request.routeOptions.config.jsonErrors)
      return reply.code(500).send({ errors: ['internal error, retry'] });
    return reply.code(500).send();
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).type('text/plain; charset=utf-8').send('Not found.'),
  );
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
