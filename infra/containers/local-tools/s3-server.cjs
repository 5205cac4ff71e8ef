/**
 * Local use only (infra/containers): an S3-compatible server where docker-compose.yml has MinIO, which no
 * registry this machine reaches provides. s3rver on 0.0.0.0:9000, objects under /data, the bucket
 * S3_BUCKET (default clima) created at start, and the key pair MinIO would take from
 * MINIO_ROOT_USER/MINIO_ROOT_PASSWORD (s3rver's own fixed pair is revoked).
 */
'use strict';
const S3rver = require('s3rver');
const AWSAccount = require('s3rver/lib/models/account');

const user = process.env.MINIO_ROOT_USER;
const password = process.env.MINIO_ROOT_PASSWORD;
if (!user || !password) {
  process.stderr.write('defina MINIO_ROOT_USER e MINIO_ROOT_PASSWORD\n');
  process.exit(1);
}
AWSAccount.DUMMY_ACCOUNT.revokeAccessKey('S3RVER');
AWSAccount.DUMMY_ACCOUNT.createKeyPair(user, password);

const server = new S3rver({
  address: '0.0.0.0',
  port: Number(process.env.S3_PORT || 9000),
  directory: process.env.S3_DIRECTORY || '/data',
  silent: true,
  // path-style only: with virtual hosts on, s3rver would take the host name `minio` for a bucket
  vhostBuckets: false,
  configureBuckets: [{ name: process.env.S3_BUCKET || 'clima', configs: [] }],
});
server.run().then(
  () => process.stdout.write('s3rver ouvindo em 0.0.0.0:9000\n'),
  (err) => {
    process.stderr.write(`${err.stack}\n`);
    process.exit(1);
  },
);
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => server.close().then(() => process.exit(0)));
