import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { RequestValidationError } from './request-validation';

/** JSON is UTF-8 (RFC 8259): invalid or overlong sequences are refused, never replaced with U+FFFD. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

function invalidBody(message: string): RequestValidationError {
  return new RequestValidationError('body', [{ code: 'custom', path: [], message, input: undefined }]);
}

/**
 * Real clients send an empty body with `Content-Type: application/json` (Node's GET, token POSTs),
 * and `grant_type=client_credentials` form bodies: both parse instead of failing.
 */
export function installBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      return done(invalidBody('must be UTF-8 encoded JSON'), undefined);
    }
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, secureJson.parse(text));
    } catch {
      done(invalidBody('must be valid JSON'), undefined);
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
