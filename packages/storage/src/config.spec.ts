import { ConfigError } from '@clima/common';
import { loadStorageConfig } from './config';

describe('loadStorageConfig', () => {
  it('defaults to the local disk under the repository', () => {
    const config = loadStorageConfig({});
    expect(config.driver).toBe('local');
    expect(config.driver === 'local' && config.dir.endsWith('/.data/storage')).toBe(true);
  });

  it('requires the S3 variables only for the s3 driver and names the missing one', () => {
    expect(() => loadStorageConfig({ STORAGE_DRIVER: 's3', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toThrow(
      /S3_BUCKET/,
    );
    expect(() => loadStorageConfig({ STORAGE_DRIVER: 's3' })).toThrow(ConfigError);
    const config = loadStorageConfig({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'clima',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(config).toMatchObject({ driver: 's3', bucket: 'clima', forcePathStyle: false, urlTtlSeconds: 300 });
  });

  it('refuses an unknown driver with the variable name', () => {
    expect(() => loadStorageConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
  });
});
