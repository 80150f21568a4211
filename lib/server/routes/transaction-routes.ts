import { z } from 'zod';
import { ErrorsSchema, ResourceIdParamsSchema } from '../../contracts/common';
import {
  NotEvaluatedResponseSchema,
  TransactionQuerySchema,
  TransactionRequestSchema,
  TransactionResponseSchema,
} from '../../contracts/transaction';
import type { ApiDeps } from '../api-deps';
import { tenantOf } from '../auth/require-scope';
import { isFalseFlag, type RequireScope } from './route-kit';
import type { ZodApp } from '../zod-app';

const tags = ['authentication'];

export function transactionRoutes(app: ZodApp, deps: ApiDeps, requireScope: RequireScope): void {
  // POST /api/v2/authentication/transactions — assess (or with eval=false only register) a payment or login
  app.post(
    '/api/v2/authentication/transactions',
    {
      onRequest: requireScope('authentication'),
      config: { admission: true },
      schema: {
        tags,
        querystring: TransactionQuerySchema,
        body: TransactionRequestSchema,
        response: {
          200: z.union([TransactionResponseSchema, NotEvaluatedResponseSchema]),
          400: ErrorsSchema,
        },
      },
    },
    (request) => deps.createTransaction(tenantOf(request), request.body, !isFalseFlag(request.query.eval)),
  );

  // GET /api/v2/authentication/transactions/{id} — the stored assessment
  app.get(
    '/api/v2/authentication/transactions/:id',
    {
      onRequest: requireScope('authentication'),
      config: { unknownIdError: 'transaction_not_found' },
      schema: {
        tags,
        params: ResourceIdParamsSchema,
        response: { 200: z.union([TransactionResponseSchema, NotEvaluatedResponseSchema]), 404: z.string() },
      },
    },
    (request) => deps.getTransaction(tenantOf(request), request.params.id),
  );
}
