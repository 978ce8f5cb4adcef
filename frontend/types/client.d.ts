// The typed client's types (lib/api-client.js, issue #51): a call names a path of the generated
// `paths` (types/api.d.ts, from docs/openapi.json) as the description spells it under the API base,
// its path and query parameters as the description has them, and its answer's type follows from
// the path and the method (openapi-fetch's model, as types only: nothing of this reaches the bundle).
// A path the description does not have, a parameter it does not name, or an answer typed otherwise
// than the description says fails `tsc`.
import type { paths } from "./api";

/** Where the API lives (lib/api-client.js API_BASE): the description's paths start with it. */
type Base = "/webapi/api";

/** The HTTP methods the client calls. */
export type Method = "get" | "post" | "put" | "delete" | "patch";

/** A method as `api()` takes it. */
export type Verb = Uppercase<Method>;

/** The description's operation of `path` (under the API base) and `method`. */
type Op<P extends string, M extends Method> = `${Base}${P}` extends keyof paths
  ? paths[`${Base}${P}`] extends { [K in M]: infer O }
    ? O
    : never
  : never;

/** The paths under the API base that answer `method`, spelled as the description spells them. */
export type ApiPath<M extends Method> = M extends Method
  ? {
      [K in keyof paths]: K extends `${Base}${infer P}` ? (paths[K] extends { [X in M]: object } ? P : never) : never;
    }[keyof paths]
  : never;

/** Any path of the description under the API base, whatever its methods. */
export type AnyPath = ApiPath<Method>;

type Parameters<O> = O extends { parameters: infer X } ? X : {};

/** Key `K` of `X`, required when the description requires it, absent when it has none. */
type Part<X, K extends string> = K extends keyof X
  ? [Exclude<X[K], undefined>] extends [never]
    ? { [Q in K]?: never }
    : {} extends Pick<X, K>
      ? { [Q in K]?: X[K] }
      : { [Q in K]: X[K] }
  : { [Q in K]?: never };

/** The path and query parameters of a call, as the description names them: `{ path, query }`. */
export type Params<P extends string, M extends Method> = Part<Parameters<Op<P, M>>, "path"> & Part<Parameters<Op<P, M>>, "query">;

/** True when a call needs its parameters (the path has `{…}` segments or a required query). */
type Needed<X> = {} extends X ? false : true;

/** The parameters argument: required when the call has required parameters, else optional. */
export type ParamsArg<P extends string, M extends Method> =
  Needed<Params<P, M>> extends true ? [params: Params<P, M>] : [params?: Params<P, M>];

type Responses<O> = O extends { responses: infer R } ? R : never;
type Json<R> = R extends { content: { "application/json": infer J } } ? J : R extends { content: infer C } ? C[keyof C] : null;

/** The answer of a successful call (its 200, 201 or 202 JSON; `null` without a body). */
export type Answer<P extends string, M extends Method> =
  Responses<Op<P, M>> extends infer R
    ? R extends { 200: infer A }
      ? Json<A>
      : R extends { 201: infer A }
        ? Json<A>
        : R extends { 202: infer A }
          ? Json<A>
          : null
    : never;

/**
 * A JSON body's fields as the description names them, each of which may be left out (the server's
 * optional fields are "required, nullable" in the description); a field it does not name fails.
 */
type Fields<J> = J extends object ? (J extends readonly unknown[] ? J : { [K in keyof J]?: J[K] }) : J;

/** The request body the description asks for: its JSON, or FormData for a multipart upload. */
export type Body<P extends string, M extends Method> =
  Op<P, M> extends { requestBody?: infer B }
    ? [Exclude<B, undefined>] extends [never]
      ? never
      : Exclude<B, undefined> extends { content: infer C }
        ? "application/json" extends keyof C
          ? Fields<C["application/json"]>
          : FormData
        : never
    : never;

/** What `api()` takes beside the path: the method, the parameters, the body and how to send it. */
export type Options<P extends string, M extends Method> = {
  method?: Uppercase<M>;
  params?: Params<P, M>;
  body?: Body<P, M>;
  /** The successful answer's Response itself (downloads) rather than its JSON. */
  raw?: boolean;
  timeout?: number;
  signal?: AbortSignal;
  onSent?: (sent: number, total: number) => void;
};

/** The body argument of `post()`: what the description asks for; `{}` (or nothing) where it asks for none. */
export type BodyArg<P extends string> = [Body<P, "post">] extends [never] ? Record<string, never> | undefined : Body<P, "post">;

/** GET a path of the description: its parameters as it names them, its answer as it says. */
export type Get = <P extends ApiPath<"get">>(path: P, ...params: ParamsArg<P, "get">) => Promise<Answer<P, "get">>;

/** POST `body` to a path of the description. */
export type Post = <P extends ApiPath<"post">>(
  path: P,
  body?: BodyArg<P>,
  ...params: ParamsArg<P, "post">
) => Promise<Answer<P, "post">>;

/** Any call, with the options of `api()`; `raw: true` answers the Response. */
export type Api = <P extends ApiPath<Lowercase<V>>, V extends Verb = "GET", R extends boolean = false>(
  path: P,
  options?: Options<P, Lowercase<V>> & { method?: V; raw?: R },
) => Promise<R extends true ? Response : Answer<P, Lowercase<V>>>;

/** What a loading hook gives a screen: `data` is the answer (`initial` until it comes, and after an error). */
export type Loaded<T> = { data: T; loading: boolean; error: unknown; reload: () => void };

/** `useGet(path, params, options)` (lib/resources.js): a typed GET as a screen's data; no path, nothing loads. */
export type UseGet = <P extends ApiPath<"get">, I = null>(
  path: P | null | false,
  params?: Params<P, "get">,
  options?: { silent?: boolean; initial?: I },
) => Loaded<Answer<P, "get"> | I>;

/** A GET as data: `[path, params]` (a route's early calls, lib/prefetch.js). */
export type GetCall = {
  [P in ApiPath<"get">]: Needed<Params<P, "get">> extends true ? [P, Params<P, "get">] : [P, Params<P, "get">?];
}[ApiPath<"get">];

/** The query parameters of a GET, as the description names them. */
export type Query<P extends string> = Parameters<Op<P, "get">> extends { query?: infer Q } ? Exclude<Q, undefined> : never;
