import {
  AccountParamsSchema,
  ErasureSummarySchema,
  InstallationParamsSchema,
  SubjectExportSchema,
  type SubjectType,
} from '../../contracts/subject-data';
import type { ApiDeps } from '../api-deps';
import type { FastifyRequest } from 'fastify';
import { tenantOf } from '../auth/require-scope';
import type { RequireScope } from './route-kit';
import type { ZodApp } from '../zod-app';

const tags = ['admin'];

/** Data-subject requests of the tenant's end users (scope admin): erasure and export. */
export function subjectDataRoutes(app: ZodApp, deps: ApiDeps, requireScope: RequireScope): void {
  const admin = requireScope('admin');
  const subjectOf = (request: FastifyRequest, type: SubjectType, id: string) => ({
    tenantId: tenantOf(request).tenantId,
    type,
    id,
  });
  const erase = (request: FastifyRequest, type: SubjectType, id: string) =>
    deps.eraseSubject.request(subjectOf(request, type, id), {
      requestedBy: `api:${request.caller?.clientId ?? 'unknown'}`,
      actorUserId: null,
    });

  // DELETE /api/v2/admin/installations/{installation_id} — erase an installation's personal data (idempotent)
  app.delete(
    '/api/v2/admin/installations/:installation_id',
    {
      onRequest: admin,
      schema: { tags, params: InstallationParamsSchema, response: { 200: ErasureSummarySchema } },
    },
    (request) => erase(request, 'installation', request.params.installation_id),
  );

  // DELETE /api/v2/admin/accounts/{account_id} — erase an account's personal data (idempotent)
  app.delete(
    '/api/v2/admin/accounts/:account_id',
    {
      onRequest: admin,
      schema: { tags, params: AccountParamsSchema, response: { 200: ErasureSummarySchema } },
    },
    (request) => erase(request, 'account', request.params.account_id),
  );

  // GET /api/v2/admin/installations/{installation_id}/export — everything stored about it, one document
  app.get(
    '/api/v2/admin/installations/:installation_id/export',
    {
      onRequest: admin,
      schema: { tags, params: InstallationParamsSchema, response: { 200: SubjectExportSchema } },
    },
    (request) => deps.exportSubject(subjectOf(request, 'installation', request.params.installation_id)),
  );

  // GET /api/v2/admin/accounts/{account_id}/export — everything stored about it, one document
  app.get(
    '/api/v2/admin/accounts/:account_id/export',
    {
      onRequest: admin,
      schema: { tags, params: AccountParamsSchema, response: { 200: SubjectExportSchema } },
    },
    (request) => deps.exportSubject(subjectOf(request, 'account', request.params.account_id)),
  );
}
