import { RankingSchema1764000000000 } from './1764000000000-ranking-schema';

/** Every migration of this service, in order. */
export const migrations = [RankingSchema1764000000000];
