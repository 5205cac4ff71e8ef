/** Small helpers for raw SQL rows and Postgres error codes. */

/** ISO 8601 text of a timestamptz column. */
export const iso = (d: Date | string): string => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** count()/sum() arrive as bigint text; the figures here stay far below 2^53. */
export const num = (v: number | string | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));

/** The SQLSTATE of a failed query, when there is one. */
export function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = e?.code ?? e?.driverError?.code;
  return typeof code === 'string' ? code : undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/**
 * Runs a statement and returns its rows. TypeORM answers UPDATE and DELETE with `[rows, rowCount]`;
 * this always gives the rows (of RETURNING, when there is one).
 */
export async function rows<T>(db: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  const r = await db.query(sql, params);
  if (Array.isArray(r) && r.length === 2 && Array.isArray(r[0]) && typeof r[1] === 'number') return r[0] as T[];
  return (Array.isArray(r) ? r : []) as T[];
}
