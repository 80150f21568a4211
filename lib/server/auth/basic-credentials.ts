import { isCleanText } from '../request-hygiene';

/**
 * `Authorization: Basic base64(client_id:client_secret)`, or the same two fields in a form body. A
 * header decoding to text no database may see (NUL) is no credential at all: 401, like any wrong one.
 */
export function basicCredentials(
  header: string | undefined,
  body: unknown,
): { clientId: string; clientSecret: string } | null {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (match?.[1]) {
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0 && isCleanText(decoded))
      return { clientId: decoded.slice(0, colon), clientSecret: decoded.slice(colon + 1) };
    return null;
  }
  if (body && typeof body === 'object') {
    const { client_id: clientId, client_secret: clientSecret } = body as Record<string, unknown>;
    if (typeof clientId === 'string' && typeof clientSecret === 'string') return { clientId, clientSecret };
  }
  return null;
}
