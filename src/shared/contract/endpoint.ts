// One definition per endpoint: method, path, who may call it, and the schemas of its params,
// query, body and answer. The server registers its routes from these (src/server/http/route.ts),
// the web app calls them through the API client, and the isolation matrix reads `access`,
// `permission` and `companyData` — so a path, a payload or a rule cannot differ between the two
// sides, and no endpoint escapes the matrix.
//
// Each endpoint is a named export of its resource's contract file so that the web app's bundles
// take only the endpoints (and schemas) they use; endpoints.ts gathers them into the table.
import type * as z from 'zod/mini';
import type { CompanyRateLimit } from '../domain/rate-limits.ts';
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

/**
 * A request field's value that names a row of one company: the company itself, one of its
 * clients, a shipment by item number or by tracking number, an import, a manifest, a pickup
 * address, a bank account, a webhook endpoint.
 */
export type CompanyRow = 'company' | 'client' | 'shipment' | 'trackingNumber' | 'import' | 'manifest' | 'pickupAddress' | 'bankAccount' | 'webhook';

/** The request fields that name a company's rows: request part -> top-level field -> kind of row. */
export interface NamedRows {
  params?: Readonly<Record<string, CompanyRow>>;
  query?: Readonly<Record<string, CompanyRow>>;
  body?: Readonly<Record<string, CompanyRow>>;
}

/**
 * Whose data an endpoint reads or changes: with `access` and `permission`, the one declaration
 * from which the isolation matrix (tests/api/isolation-matrix.test.ts) derives every caller's
 * expected answer. The server keeps every query to the caller's rows through its CompanyScope
 * (src/server/company-scope.ts).
 * - `none`: no company's rows (reference data, size limits, a sign-in, a partner's signed feed):
 *   the answer does not depend on the caller's company.
 * - `caller`: the caller's company's rows, found from who calls (lists, profile, creation,
 *   uploads); an ADMIN's lists cover every company.
 * - `{ names }`: request fields naming a company's rows. A row of another company is answered
 *   exactly as one that does not exist (same status, same error, same message), so an answer
 *   never tells that it exists. ADMIN reaches every company's rows; `admin: 'own'` only its own
 *   company's, like any caller (the pickup address a shipment it creates leaves from). On a
 *   public route a stranger gets what an anonymous caller gets; the owner may see more.
 */
export type CompanyData = 'none' | 'caller' | { names: NamedRows; admin?: 'any' | 'own' };

type Schema = z.ZodMiniType;

export interface EndpointDefinition {
  method: HttpMethod;
  /** Fastify-style path: `/api/v1/shipments/:item_number`. */
  path: `/${string}`;
  access: Access;
  permission?: Permission;
  /** Whose data it touches; required, so that no endpoint escapes the isolation matrix. */
  companyData: CompanyData;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** The JSON answer's schema, `file` for a download, `empty` for 204. */
  answer: Schema | 'file' | 'empty';
  /** Success status of a JSON answer (200 unless stated). */
  status?: 200 | 201 | 202;
  /** Takes an Idempotency-Key (create routes). */
  idempotent?: boolean;
  /**
   * The same answer as a file of one of these media types (which one, the request decides: a
   * label's format), sent instead of the JSON when the request's Accept prefers one of them to the
   * JSON (the JSON stays the default); the handler reads `wantsFile`.
   */
  fileVariants?: readonly FileMediaType[];
  /** A route on its way out of the API: every answer says so in headers (README "API versioning"). */
  deprecated?: Deprecation;
  /** The per-company budget the route counts against (domain/rate-limits.ts; README "Rate limits"). */
  limit?: CompanyRateLimit;
}

/** Media types of the files a JSON endpoint may answer instead. */
export type FileMediaType = 'application/pdf' | 'text/plain';

/**
 * A deprecated route (README "API versioning"): its answers carry `Deprecation` (RFC 9745, the
 * date it was deprecated), `Sunset` (RFC 8594, the date it stops answering) and, with `link`, a
 * `Link` to the page that says what replaces it.
 */
export interface Deprecation {
  since: Date;
  sunset: Date;
  link?: string;
}

type RequestPart = 'params' | 'query' | 'body';
/** The top-level fields of a schema's input (of each member of a union). */
type FieldsOf<E, K extends RequestPart> = E extends { [P in K]: infer S extends Schema } ? (z.input<S> extends infer I ? (I extends object ? keyof I : never) : never) : never;
type NamedIn<E, K extends RequestPart> = E extends { companyData: { names: { [P in K]: infer M } } } ? keyof M : never;
type UnknownNames<E> = Exclude<NamedIn<E, 'params'>, FieldsOf<E, 'params'>> | Exclude<NamedIn<E, 'query'>, FieldsOf<E, 'query'>> | Exclude<NamedIn<E, 'body'>, FieldsOf<E, 'body'>>;
/** A type error when `companyData.names` names a field its request part's schema does not have. */
type NamesExist<E> = [UnknownNames<E>] extends [never] ? unknown : { companyData: { names: `not a field of this endpoint: ${UnknownNames<E> & string}` } };

/** Marked free of side effects so that a bundle drops the endpoints (and their schemas) it does not call. */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<const E extends EndpointDefinition>(definition: E & NamesExist<E>): E {
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
