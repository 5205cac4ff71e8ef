import { CreateUsersAndAdministrators1730000000000 } from './1730000000000-create-users-and-administrators';
import { AddUserEmailVerifiedAt1770000000000 } from './1770000000000-add-user-email-verified-at';

/** Every migration of this service, in order. */
export const migrations = [CreateUsersAndAdministrators1730000000000, AddUserEmailVerifiedAt1770000000000];
