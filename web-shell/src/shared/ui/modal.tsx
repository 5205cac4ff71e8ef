export * from '@clima/web-kit/modal';
