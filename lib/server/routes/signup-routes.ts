import { z } from 'zod';
import { ResourceIdParamsSchema } from '../../contracts/common';
import { SignupRequestSchema, SignupResponseSchema, SignupUpdateRequestSchema } from '../../contracts/signup';
import type { ApiDeps } from '../api-deps';
import { tenantOf } from '../auth/require-scope';
import type { RequireScope } from './route-kit';
import type { ZodApp } from '../zod-app';

const tags = ['onboarding'];
const text = z.string();

export function signupRoutes(app: ZodApp, deps: ApiDeps, requireScope: RequireScope): void {
  // POST /api/v2/onboarding/signups — register and assess a new signup
  app.post(
    '/api/v2/onboarding/signups',
    {
      onRequest: requireScope('onboarding'),
      config: { emptyBodyForInvalidInstallation: true, admission: true },
      schema: { tags, body: SignupRequestSchema, response: { 200: SignupResponseSchema, 404: text } },
    },
    (request) => deps.createSignup(tenantOf(request), request.body),
  );

  // GET /api/v2/onboarding/signups/{id} — the latest assessment
  app.get(
    '/api/v2/onboarding/signups/:id',
    {
      onRequest: requireScope('onboarding'),
      config: { unknownIdError: 'signup_not_found' },
      schema: { tags, params: ResourceIdParamsSchema, response: { 200: SignupResponseSchema, 404: text } },
    },
    (request) => deps.getSignup(tenantOf(request), request.params.id),
  );

  // PUT /api/v2/onboarding/signups/{id} — a new declared address, reassessed at once
  app.put(
    '/api/v2/onboarding/signups/:id',
    {
      onRequest: requireScope('onboarding'),
      config: { unknownIdError: 'signup_not_found', admission: true },
      schema: {
        tags,
        params: ResourceIdParamsSchema,
        body: SignupUpdateRequestSchema.optional(),
        response: { 200: SignupResponseSchema, 404: text },
      },
    },
    (request) => deps.updateSignupAddress(tenantOf(request), request.params.id, request.body ?? {}),
  );
}
