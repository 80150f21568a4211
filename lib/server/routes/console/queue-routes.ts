import { z } from 'zod';
import {
  BulkActionSchema,
  BulkResultSchema,
  QueueKindSchema,
  SavedFilterSchema,
  SavedFiltersSchema,
  SaveFilterSchema,
  type BulkResult,
} from '../../../contracts/console/queue';
import { makeSavedFiltersStore } from '../../../db/console/saved-filters-store';
import type { CaseKind } from '../../../db/console/review-store';
import { AppError } from '../../../usecases/app-error';
import type { ZodApp } from '../../zod-app';
import type { CaseOutcome } from './case-outcome';
import { makeCloseCase } from './close-case';
import type { ConsoleContext } from './console-context';
import { consoleCaller } from './console-guard';
import { makeReviewActions } from './review-actions';

/** One case's outcome as a line of a bulk reply. */
function bulkLine(id: string, outcome: CaseOutcome<unknown>): BulkResult['results'][number] {
  if (outcome.kind === 'ok') return { id, ok: true, error: null };
  return { id, ok: false, error: outcome.kind === 'not_found' ? 'not found' : outcome.message };
}

export function consoleQueueRoutes(app: ZodApp, ctx: ConsoleContext): void {
  for (const kind of ['signups', 'payments'] as const satisfies readonly CaseKind[]) {
    const actions = makeReviewActions(ctx.db, ctx.clock, kind);
    const close = makeCloseCase({ db: ctx.db, clock: ctx.clock }, kind);

    // POST /api/console/v1/{signups|payments}/bulk — assign or close many cases, each under the single-case rules (managers)
    app.post(
      `/api/console/v1/${kind}/bulk`,
      {
        onRequest: ctx.guard('manager'),
        schema: { tags: ['console'], body: BulkActionSchema, response: { 200: BulkResultSchema } },
      },
      async (request) => {
        const caller = consoleCaller(request);
        const body = request.body;
        const results: BulkResult['results'] = [];
        // One after the other: each case keeps its own conditional write and audit entry.
        for (const id of new Set(body.ids)) {
          const outcome =
            body.action === 'assign'
              ? await actions.assign(caller, id, body.user_id)
              : await close(caller, id, body.comment);
          results.push(bulkLine(id, outcome));
        }
        return { results };
      },
    );
  }

  const filters = makeSavedFiltersStore(ctx.db);

  // GET /api/console/v1/saved-filters?kind= — the caller's own saved queue filters
  app.get(
    '/api/console/v1/saved-filters',
    {
      onRequest: ctx.guard('analyst'),
      schema: {
        tags: ['console'],
        querystring: z.object({ kind: QueueKindSchema }),
        response: { 200: SavedFiltersSchema },
      },
    },
    async (request) => {
      const caller = consoleCaller(request);
      return { items: await filters.list(caller.tenantId, caller.userId, request.query.kind) };
    },
  );

  // POST /api/console/v1/saved-filters — save the current queue filters under a name
  app.post(
    '/api/console/v1/saved-filters',
    {
      onRequest: ctx.guard('analyst'),
      schema: { tags: ['console'], body: SaveFilterSchema, response: { 200: SavedFilterSchema } },
    },
    async (request) => {
      const caller = consoleCaller(request);
      return filters.save(caller, request.body, ctx.clock.now());
    },
  );

  // DELETE /api/console/v1/saved-filters/:id — delete one of the caller's saved filters
  app.delete(
    '/api/console/v1/saved-filters/:id',
    {
      onRequest: ctx.guard('analyst'),
      schema: {
        tags: ['console'],
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      if (!(await filters.remove(consoleCaller(request), request.params.id))) throw new AppError('not_found');
      return { ok: true as const };
    },
  );
}
