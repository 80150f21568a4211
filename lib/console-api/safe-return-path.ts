/** Where to go after sign-in: a path of this console only (an absolute or protocol-relative URL would be an open redirect). */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return '/signups';
  }
  return value;
}
