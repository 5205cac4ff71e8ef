import type { EntityManager } from 'typeorm';

/**
 * Runs a statement with RETURNING and gives its rows (TypeORM answers UPDATE/DELETE as `[rows, count]`
 * and everything else as rows).
 */
export async function returning<T>(manager: Pick<EntityManager, 'query'>, sql: string, params: unknown[] = []): Promise<T[]> {
  const res = (await manager.query(sql, params)) as unknown;
  if (Array.isArray(res) && res.length === 2 && Array.isArray(res[0]) && typeof res[1] === 'number') return res[0] as T[];
  return res as T[];
}

/** Postgres unique violation, optionally on one constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.driverError?.code;
  const name = e?.constraint ?? e?.driverError?.constraint;
  return code === '23505' && (!constraint || name === constraint);
}
