import { migrations } from './migrations';

/** The ranking service owns the `ranking` schema (raw SQL only: no entities). */
export const SCHEMA = 'ranking';
export const entities: never[] = [];
export { migrations };
