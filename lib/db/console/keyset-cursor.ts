/** Opaque keyset cursor over (sort time, id): stable under inserts, O(log n) per page with the index. */
export interface Keyset {
  at: number;
  id: string;
}

export function encodeCursor(k: Keyset): string {
  return Buffer.from(JSON.stringify([k.at, k.id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Keyset | null {
  if (!cursor) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'string') {
      return { at: value[0], id: value[1] };
    }
  } catch {
    // fall through: a mangled cursor restarts from the first page
  }
  return null;
}
