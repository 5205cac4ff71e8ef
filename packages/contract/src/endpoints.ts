import type { z } from 'zod';
import { API_ROUTES, type ApiAccess, type Method, type RouteDef } from './routes';

/**
 * The typed view of the route table (routes.ts) for the web apps' client: the schemas of every operation, keyed
 * 'METHOD /path'. Nothing is declared here; a route is added to the table.
 */
export type { AnswerKind } from './routes';
export { MessageAnswer, NoBody, ProfileAnswer, ResendVerificationAnswer, SuccessAnswer, SuccessMessageAnswer, WebhookAnswer } from './routes';

/** Who may call an operation (the route table's access). */
export type EndpointAccess = ApiAccess;
/** One operation of the table. */
export type Endpoint = RouteDef;

/** Every /api operation with its schemas: the route table itself. */
export const ENDPOINTS = API_ROUTES;

type Defs = typeof ENDPOINTS;
type Input<S> = S extends { _zod: { input: infer I } } ? I : never;
type Output<S> = S extends { _zod: { output: infer O } } ? O : never;

/**
 * The types of every operation, computed once from the map (the client's types index this plain map,
 * which keeps type-checking the web apps fast).
 */
export type EndpointTypes = {
  [K in keyof Defs]: {
    answer: Output<Defs[K]['answer']>;
    body: Defs[K] extends { body: infer B } ? Input<B> : never;
    query: Defs[K] extends { query: infer Q } ? { [F in keyof Input<Q>]?: string | number | null } : never;
  };
};
export type EndpointKey = keyof EndpointTypes;
export type HttpMethod = Method;

/** The paths of one method: `PathsOf<'GET'>` is '/api/contents' | '/api/contents/:id' | … */
export type PathsOf<M extends HttpMethod> = EndpointKey extends infer K ? (K extends `${M} ${infer P}` ? P : never) : never;
type At<M extends HttpMethod, P extends string> = EndpointTypes[`${M} ${P}` & EndpointKey];

/** What the operation answers. */
export type AnswerOf<M extends HttpMethod, P extends PathsOf<M>> = At<M, P>['answer'];
/** What the caller sends as the JSON body (before the server's parsing). */
export type BodyOf<M extends HttpMethod, P extends PathsOf<M>> = At<M, P>['body'];
/** The query string's fields, as text (the query schemas coerce). */
export type QueryOf<M extends HttpMethod, P extends PathsOf<M>> = At<M, P>['query'];
/** The `:name` placeholders of a path. */
export type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

/** The schema an answer is checked against, or undefined for pages and files. */
export function answerSchema(method: HttpMethod, path: string): z.ZodType | undefined {
  const e = (ENDPOINTS as unknown as Record<string, Endpoint>)[`${method} ${path}`];
  return e && (e.kind ?? 'json') === 'json' ? e.answer : undefined;
}
