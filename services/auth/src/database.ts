import { migrations } from './migrations';

/** The auth service owns the `auth` schema. */
export const SCHEMA = 'auth';
export const entities: never[] = [];
export { migrations };
