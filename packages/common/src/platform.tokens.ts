/** Injection tokens of the platform module. */
export const CONFIG = Symbol('CONFIG');
export const REDIS = Symbol('REDIS');
