import { Provider } from '@nestjs/common';
import { createStorage, Storage } from '@clima/storage';
import type { CatalogConfig } from '../config';

/** Injection token of the file storage (local disk or S3, from STORAGE_DRIVER). */
export const STORAGE = Symbol('STORAGE');

export const storageProvider = (config: CatalogConfig): Provider<Storage> => ({
  provide: STORAGE,
  useFactory: () => createStorage(config.storage),
});
