export * from './config';
export * from './magic';
export * from './storage';
export * from './local-storage';
export type { S3Storage } from './s3-storage';
export * from './upload';
export * from './create-storage';
