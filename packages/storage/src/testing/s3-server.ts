import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3StorageConfig } from '../config';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

/** A real S3-protocol server (s3rver) on loopback with one bucket, in a temporary directory. */
export async function startS3Server(bucket = 'clima-test'): Promise<{ config: S3StorageConfig; stop: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'clima-s3-'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const S3rver = require('s3rver') as S3rverClass;
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    config: {
      driver: 's3',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      // s3rver's fixed credentials
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      urlTtlSeconds: 60,
    },
    stop: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
