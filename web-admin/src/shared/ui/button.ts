export * from '@clima/web-kit/button';
