// Console API: admin settings — API credentials, app keys and console users of the tenant.
import { z } from 'zod';
import { RoleSchema } from './common';

export const CredentialSchema = z.object({
  client_id: z.string(),
  label: z.string().nullable(),
  scopes: z.array(z.string()),
  created_at: z.number(),
  revoked_at: z.number().nullable(),
});
export type Credential = z.infer<typeof CredentialSchema>;

export const CreateCredentialSchema = z.object({ label: z.string().trim().max(80).optional() });
/** The secret appears in this reply only; it is stored hashed. */
export const CreatedCredentialSchema = CredentialSchema.extend({ client_secret: z.string() });

export const AppKeySchema = z.object({
  key: z.string(),
  created_at: z.number(),
  revoked_at: z.number().nullable(),
});
export type AppKey = z.infer<typeof AppKeySchema>;

export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: RoleSchema,
  created_at: z.number(),
  disabled_at: z.number().nullable(),
  last_sign_in_at: z.number().nullable(),
});
export type User = z.infer<typeof UserSchema>;

export const CreateUserSchema = z.object({
  email: z.email().max(200),
  role: RoleSchema,
  password: z.string().min(12).max(200).optional(),
});
export const CreatedUserSchema = z.object({ user: UserSchema, password: z.string() });

export const UpdateUserFieldsSchema = z.object({
  role: RoleSchema.optional(),
  disabled: z.boolean().optional(),
});
/** A patch that changes nothing is a client error (it used to reach the database as an empty UPDATE). */
export const UpdateUserSchema = UpdateUserFieldsSchema.refine(
  (patch) => patch.role !== undefined || patch.disabled !== undefined,
  {
    message: 'give role or disabled',
  },
);

export const SettingsSchema = z.object({
  tenant: z.object({ id: z.string(), name: z.string() }),
  credentials: z.array(CredentialSchema),
  app_keys: z.array(AppKeySchema),
  users: z.array(UserSchema),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** Single sign-on as the API sees it: the issuer it trusts and, when it cannot use it, why. */
export const SsoStatusSchema = z.object({
  configured: z.boolean(),
  issuer: z.string().nullable(),
  client_id: z.string().nullable(),
  /** Null when the issuer's discovery document and keys are usable (or SSO is not configured). */
  problem: z.string().nullable(),
});
export type SsoStatus = z.infer<typeof SsoStatusSchema>;
