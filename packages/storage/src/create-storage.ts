import type { StorageConfig } from './config';
import { LocalStorage } from './local-storage';
import type { S3Storage } from './s3-storage';
import type { Storage } from './storage';

/**
 * The driver STORAGE_DRIVER chose. The AWS SDK is loaded only for the s3 driver: it weighs tens of
 * megabytes of memory a local-disk process does not need.
 */
export function createStorage(config: StorageConfig): Storage {
  if (config.driver === 'local') return new LocalStorage(config.dir);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { S3Storage: Driver } = require('./s3-storage') as { S3Storage: typeof S3Storage };
  return new Driver(config);
}
