// Console API: signing a console user in. The reply's token is kept inside the console's encrypted
// session cookie and sent back as a Bearer token on every console API call.
import { z } from 'zod';
import { RoleSchema } from './common';

export const SessionRequestSchema = z.object({
  email: z.string().trim().min(3).max(200),
  password: z.string().min(1).max(200),
});

/** OIDC sign-in: the console forwards the identity provider's ID token; the API verifies it. */
export const OidcSessionRequestSchema = z.object({ id_token: z.string().min(10).max(8000) });

export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: RoleSchema,
  tenant_id: z.string(),
  tenant_name: z.string(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const SessionSchema = z.object({
  token: z.string(),
  /** Epoch ms. */
  expires_at: z.number(),
  user: SessionUserSchema,
});
export type Session = z.infer<typeof SessionSchema>;
