'use server';
// Admin settings mutations; each one goes through consoleAction with the admin role.
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { CreateUserSchema, UpdateUserFieldsSchema } from '../../contracts/console/settings';
import { WebhookConfigRequestSchema } from '../../contracts/webhook-config';
import { consoleAction } from '../console-action';

const done = <T>(value: T) => {
  revalidatePath('/settings');
  return value;
};

export const createCredential = consoleAction(
  'admin',
  z.object({ label: z.string().max(80).optional() }),
  async ({ label }, { api }) => done(await api.settings.createCredential(label)),
);

export const revokeCredential = consoleAction(
  'admin',
  z.object({ clientId: z.string().max(100) }),
  async ({ clientId }, { api }) => done(await api.settings.revokeCredential(clientId)),
);

export const createAppKey = consoleAction('admin', z.object({}), async (_input, { api }) =>
  done(await api.settings.createAppKey()),
);

export const revokeAppKey = consoleAction(
  'admin',
  z.object({ key: z.string().max(100) }),
  async ({ key }, { api }) => done(await api.settings.revokeAppKey(key)),
);

export const createUser = consoleAction('admin', CreateUserSchema, async (input, { api }) =>
  done(await api.settings.createUser(input)),
);

export const updateUser = consoleAction(
  'admin',
  UpdateUserFieldsSchema.extend({ id: z.string().max(100) }),
  async ({ id, ...patch }, { api }) => done(await api.settings.updateUser(id, patch)),
);

export const saveWebhook = consoleAction('admin', WebhookConfigRequestSchema, async (input, { api }) => {
  const reply = await api.webhook.configure(input);
  return done({ secret: reply.secret });
});

export const sendTestWebhook = consoleAction('admin', z.object({}), async (_input, { api }) => {
  const attempt = await api.webhook.test();
  return done({
    outcome: attempt.status_code !== null ? `HTTP ${attempt.status_code}` : attempt.outcome,
    latencyMs: attempt.latency_ms,
  });
});
