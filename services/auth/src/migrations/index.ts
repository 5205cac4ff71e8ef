import { CreateUsersAndAdministrators1730000000000 } from './1730000000000-create-users-and-administrators';

/** Every migration of this service, in order. */
export const migrations = [CreateUsersAndAdministrators1730000000000];
