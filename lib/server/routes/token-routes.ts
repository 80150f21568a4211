import { z } from 'zod';
import { ErrorsSchema } from '../../contracts/common';
import { TokenResponseSchema } from '../../contracts/token';
import { AppError } from '../../usecases/app-error';
import type { ApiDeps } from '../api-deps';
import { basicCredentials } from '../auth/basic-credentials';
import type { ZodApp } from '../zod-app';

export function tokenRoutes(app: ZodApp, deps: ApiDeps): void {
  const schema = {
    tags: ['token'],
    // Any body is tolerated: empty, JSON, or `grant_type=client_credentials` (not required).
    body: z.unknown().optional(),
    response: { 200: TokenResponseSchema, 401: ErrorsSchema, 429: ErrorsSchema },
  };
  // POST /api/v1/token and /api/v2/token — client credentials (HTTP Basic) → 20-minute access token
  for (const path of ['/api/v1/token', '/api/v2/token']) {
    app.post(path, { schema, config: { jsonErrors: true } }, async (request) => {
      const credentials = basicCredentials(request.headers.authorization, request.body);
      if (!credentials) throw new AppError('unauthenticated', ['HTTP Basic client credentials are required']);
      // Failed attempts are limited per source address and per client id (lib/auth/failed-attempts.ts).
      return deps.issueAccessToken(credentials.clientId, credentials.clientSecret, request.ip);
    });
  }
}
