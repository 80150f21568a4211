import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Webhook signing secrets must stay usable to sign, so they cannot be hashed like client secrets:
 * they are sealed with AES-256-GCM under a server key, the tenant id as associated data (a sealed
 * secret copied to another tenant's row does not open).
 */
export interface SecretBox {
  seal(plain: string, tenantId: string): string;
  open(sealed: string, tenantId: string): string;
}

const VERSION = 'v1';

/** `key` is 32 bytes; any other length (e.g. a passphrase in LOCUS_SECRET_KEY) is hashed to 32. */
export function makeSecretBox(key: Buffer): SecretBox {
  const k = key.length === 32 ? key : createHash('sha256').update(key).digest();
  return {
    seal(plain, tenantId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', k, iv);
      cipher.setAAD(Buffer.from(tenantId, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
        .join(':');
    },
    open(sealed, tenantId) {
      const [version, iv, tag, body] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || body === undefined)
        throw new Error('unreadable sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', k, Buffer.from(iv, 'base64'));
      decipher.setAAD(Buffer.from(tenantId, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

/** A new signing secret: ASCII only (SPEC §5.2 keys the HMAC with the ASCII bytes). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
