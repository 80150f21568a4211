import type { FastifyReply } from 'fastify';
import type { AppErrorCode } from '../usecases/app-error';
import { AppError } from '../usecases/app-error';

type Body = 'empty' | 'errors' | 'text';

/** Each error code's HTTP face, in one table (SPEC §7). */
const HTTP_ERRORS: Record<AppErrorCode, { status: number; body: Body; text?: string }> = {
  invalid_installation: { status: 400, body: 'errors' },
  invalid_request: { status: 400, body: 'errors' },
  unauthenticated: { status: 401, body: 'errors' },
  forbidden: { status: 403, body: 'empty' },
  installation_not_found: {
    status: 404,
    body: 'text',
    text: 'No information found for this installation ID. Please retry later and check your SDK integration.',
  },
  signup_not_found: { status: 404, body: 'text', text: 'The signup ID could not be found.' },
  transaction_not_found: { status: 404, body: 'text', text: 'The transaction ID could not be found.' },
  not_found: { status: 404, body: 'text', text: 'Not found.' },
  rate_limited: { status: 429, body: 'errors' },
  overloaded: { status: 503, body: 'errors' },
  database_unavailable: { status: 503, body: 'errors' },
};

export function sendAppError(reply: FastifyReply, error: AppError): FastifyReply {
  const spec = HTTP_ERRORS[error.code];
  reply.code(spec.status);
  if (error.retryAfterS !== undefined)
    reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterS))));
  switch (spec.body) {
    case 'empty':
      return reply.send();
    case 'text':
      return reply.type('text/plain; charset=utf-8').send(spec.text ?? error.code);
    case 'errors':
      return reply.send({ errors: error.problems.length > 0 ? [...error.problems] : [error.code] });
  }
}
