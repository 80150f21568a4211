import { z } from 'zod';
import {
  AccountProfileSchema,
  DeviceProfileSchema,
  SearchQuerySchema,
  SearchResultSchema,
} from '../../../contracts/console/entities';
import { StreetsQuerySchema, StreetsSchema } from '../../../contracts/console/map';
import { loadAccountProfile } from '../../../db/console/account-profile';
import { loadDeviceProfile } from '../../../db/console/device-profile';
import { searchEntities } from '../../../db/console/search-entities';
import { streetsInBox } from '../../../db/console/streets-in-box';
import { AppError } from '../../../usecases/app-error';
import type { ZodApp } from '../../zod-app';
import type { ConsoleContext } from './console-context';
import { consoleCaller } from './console-guard';

const IdParams = z.object({ id: z.string().min(1).max(200) });

export function consoleEntityRoutes(app: ZodApp, ctx: ConsoleContext): void {
  const analyst = { onRequest: ctx.guard('analyst') };

  // GET /api/console/v1/devices/:id — a device (by device id or installation id): installations, accounts, cases, feedback, integrity, places
  app.get(
    '/api/console/v1/devices/:id',
    { ...analyst, schema: { tags: ['console'], params: IdParams, response: { 200: DeviceProfileSchema } } },
    async (request) => {
      const profile = await loadDeviceProfile(ctx.db, consoleCaller(request).tenantId, request.params.id);
      if (!profile) throw new AppError('not_found');
      return profile;
    },
  );

  // GET /api/console/v1/accounts/:id — an account: its installations, payments, logins and feedback
  app.get(
    '/api/console/v1/accounts/:id',
    { ...analyst, schema: { tags: ['console'], params: IdParams, response: { 200: AccountProfileSchema } } },
    async (request) => {
      const profile = await loadAccountProfile(ctx.db, consoleCaller(request).tenantId, request.params.id);
      if (!profile) throw new AppError('not_found');
      return profile;
    },
  );

  // GET /api/console/v1/map/streets — streets of the imported OSM extract in a box (vector data for the offline map)
  app.get(
    '/api/console/v1/map/streets',
    {
      ...analyst,
      schema: { tags: ['console'], querystring: StreetsQuerySchema, response: { 200: StreetsSchema } },
    },
    async (request) => streetsInBox(ctx.db, request.query),
  );

  // GET /api/console/v1/search?q= — cases, devices and accounts by id, signups by address text
  app.get(
    '/api/console/v1/search',
    {
      ...analyst,
      schema: { tags: ['console'], querystring: SearchQuerySchema, response: { 200: SearchResultSchema } },
    },
    async (request) => searchEntities(ctx.db, consoleCaller(request).tenantId, request.query.q),
  );
}
