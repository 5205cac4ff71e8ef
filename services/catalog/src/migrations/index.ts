import { CatalogInit1763900000000 } from './1763900000000-catalog-init';

/** Every migration of this service, in order. */
export const migrations = [CatalogInit1763900000000];
