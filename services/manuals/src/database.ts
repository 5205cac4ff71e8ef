import { migrations } from './migrations';

/** The manuals service owns the `manuals` schema; it talks to it with SQL in its repositories (no entities). */
export const SCHEMA = 'manuals';
export const entities: never[] = [];
export { migrations };
