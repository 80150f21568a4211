import { z, type ZodType } from 'zod';
import { KNOWN } from './known-ids';
import { FeedbackRequestSchema, FeedbackResponseSchema } from '../../lib/contracts/feedback';
import { SdkEventsRequestSchema, SdkEventsResponseSchema } from '../../lib/contracts/sdk-events';
import {
  SignupRequestSchema,
  SignupResponseSchema,
  SignupUpdateRequestSchema,
} from '../../lib/contracts/signup';
import { ErasureSummarySchema, SubjectExportSchema } from '../../lib/contracts/subject-data';
import { StoreBodySchema, StoreListSchema, StoreSchema } from '../../lib/contracts/store';
import { TokenResponseSchema } from '../../lib/contracts/token';
import {
  NotEvaluatedResponseSchema,
  TransactionRequestSchema,
  TransactionResponseSchema,
} from '../../lib/contracts/transaction';
import {
  WebhookAttemptsReplySchema,
  WebhookConfigReplySchema,
  WebhookConfigRequestSchema,
  WebhookConfigSchema,
  WebhookRotateReplySchema,
  WebhookRotateRequestSchema,
} from '../../lib/contracts/webhook-config';

/**
 * What a response may look like, per status (SPEC §4 and §7): a zod schema for a JSON body, or one of
 * the spec's other shapes. Anything else — a status not listed, a body of another shape, any 5xx — is
 * a wrong answer.
 */
export type Shape = ZodType | 'empty' | 'text' | 'errors' | 'empty-or-errors';

export interface PublicRoute {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `:id` and `:store_id` are filled by the generator. */
  path: string;
  credential: 'bearer' | 'app-key' | 'basic';
  body?: ZodType;
  /** A request body the route accepts: mutated one field at a time, it takes the fuzz into the handler. */
  example?: Record<string, unknown>;
  /** Query parameters the route reads (others are generated too). */
  query?: readonly string[];
  responses: Partial<Record<number, Shape>>;
}

const errors = 'errors' as const;
/**
 * Every route that needs credentials answers these when they are missing, wrong or too weak, and any
 * route a body it cannot read (too large, another media type).
 */
const guarded = { 401: errors, 403: 'empty', 413: errors, 415: errors, 429: errors } as const;
const admin = { ...guarded, 400: errors, 404: 'text' } as const;

/** Every route of the public API (the console's own API is not public; the webhook test send goes out). */
export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  ...(['/api/v1/token', '/api/v2/token'] as const).map((path): PublicRoute => ({
    name: `POST ${path}`,
    method: 'POST',
    path,
    credential: 'basic',
    body: z.object({ grant_type: z.literal('client_credentials') }),
    responses: { 200: TokenResponseSchema, 400: errors, 401: errors, 415: errors, 429: errors },
  })),
  {
    name: 'POST signups',
    method: 'POST',
    path: '/api/v2/onboarding/signups',
    credential: 'bearer',
    body: SignupRequestSchema,
    example: {
      installation_id: KNOWN.installation,
      address_line: 'Av. Paulista, 1578, São Paulo',
      address_coordinates: { lat: -23.5614, lng: -46.6559 },
    },
    responses: {
      ...guarded,
      200: SignupResponseSchema,
      400: 'empty-or-errors',
      404: 'text',
      413: errors,
      415: errors,
    },
  },
  {
    name: 'GET signup',
    method: 'GET',
    path: '/api/v2/onboarding/signups/:id',
    credential: 'bearer',
    responses: { ...guarded, 200: SignupResponseSchema, 404: 'text' },
  },
  {
    name: 'PUT signup',
    method: 'PUT',
    path: '/api/v2/onboarding/signups/:id',
    credential: 'bearer',
    body: SignupUpdateRequestSchema,
    example: { address_coordinates: { lat: -23.5614, lng: -46.6559 }, address_line: 'Av. Paulista, 1578' },
    responses: { ...guarded, 200: SignupResponseSchema, 400: errors, 404: 'text', 413: errors, 415: errors },
  },
  {
    name: 'POST transactions',
    method: 'POST',
    path: '/api/v2/authentication/transactions',
    credential: 'bearer',
    body: TransactionRequestSchema,
    example: {
      installation_id: KNOWN.installation,
      account_id: KNOWN.account,
      type: 'payment',
      external_id: 'order-1',
      payment_value: { amount: 10.5, currency: 'BRL' },
      payment_methods: [
        {
          type: 'credit_card',
          credit_card_info: {
            bin: '411111',
            last_four_digits: '1111',
            expiry_year: '2030',
            expiry_month: '01',
          },
        },
        { type: 'pix', identifier: 'key' },
      ],
      addresses: [
        {
          type: 'shipping',
          address_coordinates: { lat: -23.5614, lng: -46.6559 },
          structured_address: { city: 'São Paulo', country_code: 'BR' },
        },
      ],
      store_id: KNOWN.store,
      location: { latitude: -23.5614, longitude: -46.6559 },
    },
    query: ['eval'],
    responses: {
      ...guarded,
      200: z.union([TransactionResponseSchema, NotEvaluatedResponseSchema]),
      400: errors,
      413: errors,
      415: errors,
    },
  },
  {
    name: 'GET transaction',
    method: 'GET',
    path: '/api/v2/authentication/transactions/:id',
    credential: 'bearer',
    responses: {
      ...guarded,
      200: z.union([TransactionResponseSchema, NotEvaluatedResponseSchema]),
      404: 'text',
    },
  },
  {
    name: 'POST feedbacks',
    method: 'POST',
    path: '/api/v2/feedbacks',
    credential: 'bearer',
    body: FeedbackRequestSchema,
    example: {
      event: 'chargeback',
      occurred_at: '2026-05-31T10:00:00.123456+00:00',
      installation_id: KNOWN.installation,
      account_id: KNOWN.account,
    },
    query: ['dry_run'],
    responses: {
      ...guarded,
      200: FeedbackResponseSchema,
      400: errors,
      404: 'text',
      413: errors,
      415: errors,
    },
  },
  {
    name: 'POST sdk events',
    method: 'POST',
    path: '/api/v2/sdk/events',
    credential: 'app-key',
    body: SdkEventsRequestSchema,
    example: {
      installation_id: KNOWN.installation,
      device_id: 'device-1',
      account_id: KNOWN.account,
      device: { model: 'Pixel 8', os: 'android', location_permission_enabled: true },
      events: [
        { ts: '2026-06-01T11:00:00Z', lat: -23.5614, lng: -46.6559, accuracy_m: 10, source: 'gps' },
        { ts: 1780311600000, lat: 1, lng: 2 },
      ],
    },
    responses: {
      202: SdkEventsResponseSchema,
      400: errors,
      401: errors,
      413: errors,
      415: errors,
      429: errors,
    },
  },
  {
    name: 'PUT store',
    method: 'PUT',
    path: '/api/v2/admin/stores/:store_id',
    credential: 'bearer',
    body: StoreBodySchema,
    example: { name: 'Loja', latitude: -23.5614, longitude: -46.6559 },
    responses: { ...admin, 200: StoreSchema, 413: errors, 415: errors },
  },
  {
    name: 'GET stores',
    method: 'GET',
    path: '/api/v2/admin/stores',
    credential: 'bearer',
    responses: { ...admin, 200: StoreListSchema },
  },
  {
    name: 'DELETE store',
    method: 'DELETE',
    path: '/api/v2/admin/stores/:store_id',
    credential: 'bearer',
    responses: { ...admin, 200: z.object({ removed: z.boolean() }) },
  },
  {
    name: 'PUT webhook',
    method: 'PUT',
    path: '/api/v2/admin/webhook',
    credential: 'bearer',
    body: WebhookConfigRequestSchema,
    example: {
      url: 'https://8.8.8.8/hook',
      event_types: ['verification', 'risk_increase'],
      header_prefix: 'Incognia',
    },
    responses: { ...admin, 200: WebhookConfigReplySchema, 413: errors, 415: errors },
  },
  {
    name: 'GET webhook',
    method: 'GET',
    path: '/api/v2/admin/webhook',
    credential: 'bearer',
    responses: { ...admin, 200: WebhookConfigSchema },
  },
  {
    name: 'DELETE webhook',
    method: 'DELETE',
    path: '/api/v2/admin/webhook',
    credential: 'bearer',
    responses: { ...admin, 204: 'empty' },
  },
  {
    name: 'POST webhook secret',
    method: 'POST',
    path: '/api/v2/admin/webhook/secret',
    credential: 'bearer',
    body: WebhookRotateRequestSchema,
    responses: { ...admin, 200: WebhookRotateReplySchema, 413: errors, 415: errors },
  },
  {
    name: 'GET webhook attempts',
    method: 'GET',
    path: '/api/v2/admin/webhook/attempts',
    credential: 'bearer',
    query: ['limit'],
    responses: { ...admin, 200: WebhookAttemptsReplySchema },
  },
  // Last: an erasure of a generated id may remove what the routes above read.
  ...(['installations', 'accounts'] as const).flatMap((kind): PublicRoute[] => [
    {
      name: `GET ${kind} export`,
      method: 'GET',
      path: `/api/v2/admin/${kind}/:id/export`,
      credential: 'bearer',
      responses: { ...admin, 200: SubjectExportSchema },
    },
    {
      name: `DELETE ${kind}`,
      method: 'DELETE',
      path: `/api/v2/admin/${kind}/:id`,
      credential: 'bearer',
      responses: { ...admin, 200: ErasureSummarySchema },
    },
  ]),
];
