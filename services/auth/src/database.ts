import { Administrator } from './administrators/administrator.entity';
import { migrations } from './migrations';
import { User } from './users/user.entity';

/** The auth service owns the `auth` schema. */
export const SCHEMA = 'auth';
export const entities = [User, Administrator];
export { migrations };
