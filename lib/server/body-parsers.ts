import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';

/**
 * Real clients send an empty body with `Content-Type: application/json` (Node's GET, token POSTs),
 * and `grant_type=client_credentials` form bodies: both parse instead of failing.
 */
export function installBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, secureJson.parse(text));
    } catch {
      const error = Object.assign(new Error('body: must be valid JSON'), {
        statusCode: 400,
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      });
      done(error, undefined);
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(
        null,
        Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))),
      );
    },
  );
}
