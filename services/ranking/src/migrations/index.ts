import { RankingSchema1764000000000 } from './1764000000000-ranking-schema';
import { DeletedUsersDigest1780000000000 } from './1780000000000-deleted-users-digest';
import { LearningPoints1800000000000 } from './1800000000000-learning-points';

/** Every migration of this service, in order. */
export const migrations = [RankingSchema1764000000000, DeletedUsersDigest1780000000000, LearningPoints1800000000000];
