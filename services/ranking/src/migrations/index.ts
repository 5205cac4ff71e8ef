import { RankingSchema1764000000000 } from './1764000000000-ranking-schema';
import { DeletedUsersDigest1780000000000 } from './1780000000000-deleted-users-digest';
import { LearningPoints1800000000000 } from './1800000000000-learning-points';
import { QuizPoints1810000000002 } from './1810000000002-quiz-points';

/** Every migration of this service, in order. */
export const migrations = [RankingSchema1764000000000, DeletedUsersDigest1780000000000, LearningPoints1800000000000, QuizPoints1810000000002];
