import { z } from 'zod';
import {
  AssignmentSchema,
  AssignRequestSchema,
  DecisionResultSchema,
  NextCaseSchema,
  PaymentDecisionSchema,
  SignupDecisionSchema,
} from '../../../contracts/console/review';
import type { ZodApp } from '../../zod-app';
import { sendCaseOutcome } from './case-outcome';
import type { ConsoleContext } from './console-context';
import { consoleCaller } from './console-guard';
import { makeDecideCase } from './decide-case';
import { makeReviewActions } from './review-actions';
import type { CaseKind } from '../../../db/console/review-store';

const IdParams = z.object({ id: z.string().min(1).max(100) });
const EmptyBody = z.object({}).passthrough().optional();

export function consoleReviewRoutes(app: ZodApp, ctx: ConsoleContext): void {
  for (const kind of ['signups', 'payments'] as const satisfies readonly CaseKind[]) {
    const actions = makeReviewActions(ctx.db, ctx.clock, kind);
    const decide = makeDecideCase(
      { db: ctx.db, clock: ctx.clock, recordFeedback: ctx.deps.recordFeedback },
      kind,
    );
    const base = `/api/console/v1/${kind}`;
    const conflict = z.object({ errors: z.array(z.string()) });

    // POST …/:id/claim — the caller takes the case (open → in_review)
    app.post(
      `${base}/:id/claim`,
      {
        onRequest: ctx.guard('analyst'),
        schema: {
          tags: ['console'],
          params: IdParams,
          body: EmptyBody,
          response: { 200: AssignmentSchema, 409: conflict },
        },
      },
      async (request, reply) =>
        sendCaseOutcome(reply, await actions.claim(consoleCaller(request), request.params.id)),
    );

    // PUT …/:id/assignment — hand the case to a user, or release it (user_id null)
    app.put(
      `${base}/:id/assignment`,
      {
        onRequest: ctx.guard('analyst'),
        schema: {
          tags: ['console'],
          params: IdParams,
          body: AssignRequestSchema,
          response: { 200: AssignmentSchema, 409: conflict },
        },
      },
      async (request, reply) =>
        sendCaseOutcome(
          reply,
          await actions.assign(consoleCaller(request), request.params.id, request.body.user_id),
        ),
    );

    // POST …/next — claim the next case of the queue (the caller's own case in review first)
    app.post(
      `${base}/next`,
      {
        onRequest: ctx.guard('analyst'),
        schema: { tags: ['console'], body: EmptyBody, response: { 200: NextCaseSchema } },
      },
      async (request, reply) => sendCaseOutcome(reply, await actions.next(consoleCaller(request))),
    );

    // POST …/:id/decision — the analyst's verdict, stored as feedback with a mandatory comment
    app.post(
      `${base}/:id/decision`,
      {
        onRequest: ctx.guard('analyst'),
        schema: {
          tags: ['console'],
          params: IdParams,
          body: kind === 'signups' ? SignupDecisionSchema : PaymentDecisionSchema,
          response: { 200: DecisionResultSchema, 409: conflict },
        },
      },
      async (request, reply) =>
        sendCaseOutcome(reply, await decide(consoleCaller(request), request.params.id, request.body)),
    );
  }
}
