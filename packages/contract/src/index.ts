export * from './common';
export * from './auth';
export * from './catalog';
export * from './courses';
export * from './manuals';
export * from './ranking';
export * from './billing';
export * from './admin-stats';
