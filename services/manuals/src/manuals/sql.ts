/**
 * TypeORM's postgres driver answers `UPDATE/DELETE … RETURNING` through `query()` as `[rows, affected]`;
 * INSERT and SELECT answer the rows alone. This gives the rows in both cases.
 */
export function returnedRows<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}
