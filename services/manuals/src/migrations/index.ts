import { CreateManuals1760000000000 } from './1760000000000-create-manuals';

/** Every migration of this service, in order. */
export const migrations = [CreateManuals1760000000000];
