import { migrations } from './migrations';

/** The catalog service owns the `catalog` schema; it talks to it with SQL (no entities). */
export const SCHEMA = 'catalog';
export const entities: never[] = [];
export { migrations };
