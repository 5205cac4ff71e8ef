export * from './routes';
export * from './render';
export * from './cli';
