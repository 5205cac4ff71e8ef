import { CreateUsersAndAdministrators1730000000000 } from './1730000000000-create-users-and-administrators';
import { AddUserEmailVerifiedAt1770000000000 } from './1770000000000-add-user-email-verified-at';
import { AddAccountTokens1771400000000 } from './1771400000000-add-account-tokens';
import { CreateAuditLog1781400000000 } from './1781400000000-create-audit-log';

/** Every migration of this service, in order. */
export const migrations = [CreateUsersAndAdministrators1730000000000, AddUserEmailVerifiedAt1770000000000, AddAccountTokens1771400000000, CreateAuditLog1781400000000];
