import { z } from 'zod';

/** The token reply real clients parse; `expires_in` is a string (the Go client requires it). */
export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const SCOPES = ['onboarding', 'authentication', 'feedback', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];
