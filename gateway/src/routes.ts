/**
 * The gateway's view of the one route table, which lives in the contract (packages/contract/src/routes.ts) so that
 * the services' guards and the OpenAPI document read the same rows: nothing is declared here.
 */
export { fillPath, LOOKUP_BURST, LOOKUP_RATE, pathRegex, ROUTES } from '@clima/contract/routes';
export type { Method, Route } from '@clima/contract/routes';
