/** Every migration of this service, in order. */
export const migrations = [];
