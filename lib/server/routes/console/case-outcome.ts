import type { FastifyReply } from 'fastify';
import { AppError } from '../../../usecases/app-error';

/** What a console use-case reports; routes map it to HTTP in one place (sendCaseOutcome). */
export type CaseOutcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'not_found' }
  | { kind: 'conflict'; message: string }
  | { kind: 'invalid'; message: string };

export const ok = <T>(value: T): CaseOutcome<T> => ({ kind: 'ok', value });
export const conflict = (message: string): CaseOutcome<never> => ({ kind: 'conflict', message });
export const invalid = (message: string): CaseOutcome<never> => ({ kind: 'invalid', message });
export const notFound: CaseOutcome<never> = { kind: 'not_found' };

export function sendCaseOutcome<T>(reply: FastifyReply, outcome: CaseOutcome<T>): T | FastifyReply {
  switch (outcome.kind) {
    case 'ok':
      return outcome.value;
    case 'not_found':
      throw new AppError('not_found');
    case 'invalid':
      throw new AppError('invalid_request', [outcome.message]);
    case 'conflict':
      // The case changed since the analyst looked at it (claimed by someone else, already decided).
      return reply.code(409).send({ errors: [outcome.message] });
  }
}
