import { migrations } from './migrations';

/** The courses service owns the `courses` schema; its repositories talk to it in SQL (no entities). */
export const SCHEMA = 'courses';
export const entities: never[] = [];
export { migrations };
