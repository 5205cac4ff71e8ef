export * from '@clima/web-kit/api';
