// One definition per endpoint: method, path, who may call it, and the schemas of its params,
// query, body and answer. The server registers its routes from these (src/server/http/route.ts),
// the web app calls them through the API client, and the isolation tests read `access` — so a
// path, a payload or a rule cannot differ between the two sides.
//
// Each endpoint is a named export of its resource's contract file so that the web app's bundles
// take only the endpoints (and schemas) they use; endpoints.ts gathers them into the table.
import type * as z from 'zod/mini';
import type { Permission } from '../domain/roles.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint.
 * - `public`: anyone; a valid bearer, when sent, is read (a signed-in owner sees more).
 * - `partner`: a delivery partner's signed request (HMAC), no bearer.
 * - `client`: any signed-in client, on its own company's rows (ADMIN: every company's);
 *   `permission` narrows it to the roles that may act.
 * - `report`: the one `/admin/` route open to clients, for their own company only.
 * - `admin`: ADMIN only.
 */
export type Access = 'public' | 'partner' | 'client' | 'report' | 'admin';

type Schema = z.ZodMiniType;

export interface EndpointDefinition {
  method: HttpMethod;
  /** Fastify-style path: `/api/v1/shipments/:item_number`. */
  path: `/${string}`;
  access: Access;
  permission?: Permission;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** The JSON answer's schema, `file` for a download, `empty` for 204. */
  answer: Schema | 'file' | 'empty';
  /** Success status of a JSON answer (200 unless stated). */
  status?: 200 | 201 | 202;
  /** Takes an Idempotency-Key (create routes). */
  idempotent?: boolean;
}

/** Marked free of side effects so that a bundle drops the endpoints (and their schemas) it does not call. */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<const E extends EndpointDefinition>(definition: E): E {
  return definition;
}

type Part<E, K extends 'params' | 'query' | 'body', Mode extends 'in' | 'out'> = E extends { [P in K]: infer S extends Schema }
  ? Mode extends 'in'
    ? z.input<S>
    : z.output<S>
  : undefined;

/** What a caller sends (schema inputs) and what a handler receives (schema outputs). */
export type ParamsIn<E> = Part<E, 'params', 'in'>;
export type QueryIn<E> = Part<E, 'query', 'in'>;
export type BodyIn<E> = Part<E, 'body', 'in'>;
export type ParamsOut<E> = Part<E, 'params', 'out'>;
export type QueryOut<E> = Part<E, 'query', 'out'>;
export type BodyOut<E> = Part<E, 'body', 'out'>;
/** A JSON endpoint's answer as the caller reads it; handlers return its input shape. */
export type AnswerOut<E> = E extends { answer: infer S extends Schema } ? z.output<S> : never;
export type AnswerIn<E> = E extends { answer: infer S extends Schema } ? z.input<S> : never;

/** The endpoint's path with its `:params` filled in (each value URL-encoded). */
export function pathOf(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}
