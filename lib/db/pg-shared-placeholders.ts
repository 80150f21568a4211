/**
 * PostgreSQL: a compiled statement with one placeholder per distinct argument, where Kysely numbers
 * every occurrence (`$1`…`$n`, in order). The signup's history read names the tenant ten times and the
 * installation six: sixteen values that pg prepares and sends and the backend parses on every
 * execution, for two arguments (docs/BENCHMARKS.md, "PostgreSQL, ninth capacity session"). PostgreSQL
 * lets a placeholder stand in several places; it deduces the type from all of them and rejects the
 * statement when they disagree.
 *
 * `keyOf` names the argument a parameter stands for, or null for a value kept in its own place (a
 * constant: equal constants of different columns may need different types). SQL that is not numbered
 * exactly `$1`…`$n` in order, once each, is returned unchanged.
 */
export function sharedPlaceholders<P>(
  sql: string,
  parameters: readonly P[],
  keyOf: (parameter: P) => unknown,
): { sql: string; parameters: P[] } {
  const unchanged = { sql, parameters: [...parameters] };
  const numbers = [...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
  if (numbers.length !== parameters.length || numbers.some((n, i) => n !== i + 1)) return unchanged;
  const shared: P[] = [];
  const placeholderOf = new Map<unknown, number>();
  const renumbered = parameters.map((parameter) => {
    const key = keyOf(parameter);
    const known = key === null ? undefined : placeholderOf.get(key);
    if (known !== undefined) return known;
    shared.push(parameter);
    if (key !== null) placeholderOf.set(key, shared.length);
    return shared.length;
  });
  if (shared.length === parameters.length) return unchanged;
  return {
    sql: sql.replace(/\$(\d+)/g, (_, n: string) => `$${renumbered[Number(n) - 1]}`),
    parameters: shared,
  };
}
