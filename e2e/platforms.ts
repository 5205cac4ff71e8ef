/**
 * The browser tests run in several Playwright workers at once, each against its own platform (its own
 * ports, database, Redis key prefix, storage and mail catcher), so that no test sees another worker's
 * writes: a ranking, a dashboard count or an audit list read by one test is never moved by a test running
 * beside it. One worker with its browser and platform kept 0.8 of the 2 cores busy (78 s of CPU in 96 s).
 * Measured on 28/11/2026, all 150 tests: two workers 641 s; three 569 s, but the longest tour then took 56 s
 * against 46 s, closer to its limit on a slower day. Two by default.
 *
 * Platform `i` answers at E2E_PORT + 20·i (E2E_PORT, 18080 by default); its services take the next ports.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);

/** How many workers (and platforms): E2E_WORKERS, 2 by default. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** The gateway port of the platform of worker slot `index` (Playwright's parallel index). */
export function platformPort(index: number): number {
  return E2E_PORT + 20 * index;
}

/**
 * The slot of the calling worker process: Playwright sets TEST_PARALLEL_INDEX in each worker before it
 * loads the config and the test files (0 in the runner itself).
 */
export function workerSlot(): number {
  return Number(process.env.TEST_PARALLEL_INDEX ?? 0);
}
