import { z } from "zod";
import { getDb, type Db } from "@/db/client";
import type { Locale } from "@/i18n/routing";
import { verifyAccessToken, type AccessClaims } from "@/server/auth/access-token";
import { accountStanding } from "@/server/auth/account-standing";
import { decide, isRouteKey, type AudiencesOf, type RouteKey } from "@/server/core/access-table";
import { okText } from "./envelope";
import type { ApiRequest } from "./api-request";
import { AppError, badRequest, fieldErrorsOf, forbidden, methodNotAllowed, tooLarge, unauthorized, unsupportedMediaType, validation, type FieldErrors } from "@/server/core/errors";
import { toResponse } from "@/server/http/errors";
import { schemaFor, type AnySchema, type LocalizedSchema } from "@/server/core/localized-schema";
import { admitRead, admittedRequests, isLimitedRead, type ReadAdmission } from "./anonymous-reads";
import { allowedMethods } from "./method-guard";
import { queryValues, refuseNul } from "./nul-guard";
import { apiMessage, localeOf } from "@/server/core/messages";
import { setScopeUser } from "@/server/core/log";
import type { SignedInViewer, Viewer } from "@/server/core/viewer";

/**
 * The one way to write an API route (DESIGN §6, §8):
 *
 *   export const POST = defineRoute({
 *     key: "POST /api/manga/ToggleFavorite",
 *     body: z.object({ mangaId: id() }),   // lib/validation/numbers.ts
 *     handler: async ({ ctx, body }) => toggleFavorite({ db: await ctx.db, viewer: ctx.viewer, mangaId: body.mangaId }),
 *   });
 *
 * It limits API reads per address or, signed in, per account (./anonymous-reads.ts: 429), checks the access table (401 not signed in /
 * 403 wrong role), reads JSON only as `application/json` (415), caps the body (413), answers broken JSON with 400
 * and invalid input with 422 field errors, wraps returned data in the success envelope, maps thrown errors with
 * toResponse and marks responses `Cache-Control: no-store` unless the handler set its own.
 * Top-level body and query keys match the schema case-insensitively (`password` finds `Password`).
 * No "server-only" import: the custom server (plain Node) calls some routes directly (direct-routes.ts).
 */
export type AuthUser = AccessClaims;
/** Routes open to visitors may have no user; every other route always has one. */
export type UserFor<K extends RouteKey> = "visitor" extends AudiencesOf<K> ? AuthUser | null : AuthUser;
/** The same for the server's Viewer type: null only on routes open to visitors. */
export type ViewerFor<K extends RouteKey> = "visitor" extends AudiencesOf<K> ? Viewer : SignedInViewer;

/**
 * What a handler hands its use case (docs/decisions/012): the database, who is asking, and the request's language.
 * The database is opened on first use (`await ctx.db`), so a route that never touches it does not wait for it.
 */
export interface RequestContext<V extends Viewer = Viewer> {
  readonly db: Promise<Db>;
  readonly viewer: V;
  readonly locale: Locale;
}
export type RouteParams = Record<string, string | string[]>;
export interface RouteContext {
  params: Promise<RouteParams>;
}
export type RouteHandler = (req: Request, ctx?: RouteContext) => Promise<Response>;

/**
 * A route's answer before it is a Response: the success envelope as JSON text (status 200, JSON_NO_STORE's headers),
 * or the Response of a failure or of a handler that makes its own.
 */
export type RouteAnswer = Response | { json: string };

/**
 * What defineRoute makes: the handler Next calls, and `answer`, the same route for an ApiRequest (./api-request.ts)
 * answered without building a Response when it succeeds (the direct path, ./direct-routes.ts). `webRequest` gives
 * the web Request a handler or an upload reader asks for; it is called only then.
 */
export interface DefinedRoute extends RouteHandler {
  answer(req: ApiRequest, ctx: RouteContext | undefined, webRequest: () => Request): Promise<RouteAnswer>;
}

/**
 * A body the route reads as an upload (multipart or JSON: server/http/form.ts `uploadBody`) and checks before the
 * handler runs, under the route's `maxBodyBytes`; its parser answers invalid input with the 422 field errors.
 */
export interface BodyReader<T = unknown> {
  readonly readBody: (req: Request, limit: number, locale: Locale) => Promise<T>;
}

type Output<S> =
  S extends BodyReader<infer T> ? T : S extends LocalizedSchema<infer T> ? z.output<T> : S extends z.ZodType ? z.output<S> : undefined;
type ParamsOutput<P> = P extends AnySchema ? Output<P> : RouteParams;

export interface HandlerArgs<K extends RouteKey, B, Q, P> {
  req: Request;
  /** The access token's claims, for what only they hold (its sign-in, `sid`); who is asking is `ctx.viewer`. */
  user: UserFor<K>;
  body: B;
  query: Q;
  /** Path segments (`{chapterid}`): validated by the `params` schema when given, else as Next passes them. */
  params: P;
  /** The use case's context: `{ db, viewer, locale }`, the one way a handler reaches the database, viewer and language. */
  ctx: RequestContext<ViewerFor<K>>;
}

export interface RouteDefinition<
  K extends RouteKey,
  B extends AnySchema | BodyReader | undefined,
  Q extends AnySchema | undefined,
  P extends AnySchema | undefined,
> {
  key: K;
  /**
   * Runs first, before the caller is identified or any input is read: it may only throw (the test routes' switch
   * answers 404 when off, so a disabled route gives nothing away).
   */
  guard?: () => void;
  /**
   * JSON body schema (or a LocalizedSchema, server/core/localized-schema.ts, for texts in the request's language), or
   * an upload (`uploadBody`, server/http/form.ts); without one the body is not read.
   */
  body?: B;
  /** Query schema; values arrive as strings (arrays when a name repeats): numbers via lib/validation/numbers.ts. */
  query?: Q;
  /** Path parameter schema (e.g. `z.object({ chapterid: id() })`, lib/validation/numbers.ts). */
  params?: P;
  /** Body size cap in bytes (default 1 MB); also applied to Content-Length when there is no body schema. */
  maxBodyBytes?: number;
  /** Returns the envelope's data, or a Response of its own. */
  handler: (args: HandlerArgs<K, Output<B>, Output<Q>, ParamsOutput<P>>) => unknown;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export function defineRoute<
  K extends RouteKey,
  B extends AnySchema | BodyReader | undefined = undefined,
  Q extends AnySchema | undefined = undefined,
  P extends AnySchema | undefined = undefined,
>(def: RouteDefinition<K, B, Q, P>): DefinedRoute {
  if (!isRouteKey(def.key)) {
    throw new Error(`defineRoute: "${String(def.key)}" is not in the access table (server/core/access-table.ts)`);
  }
  const method = def.key.slice(0, def.key.indexOf(" "));
  const limit = def.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const allow = allowedMethods(def.key.slice(def.key.indexOf(" ") + 1).replace(/\{\w+\}/g, "_"))?.join(", ") ?? method;

  const limitedRead = isLimitedRead(method, def.key.slice(def.key.indexOf(" ") + 1));

  const run = async (req: ApiRequest, ctx: RouteContext | undefined, webRequest: () => Request): Promise<RouteAnswer> => {
    const locale = localeOf(req);
    let admission: ReadAdmission | undefined;
    try {
      if (req.method !== method && !(method === "GET" && req.method === "HEAD")) throw methodNotAllowed({ headers: { Allow: allow } });
      def.guard?.();
      const { user: authenticated, error: invalidCredential } = await authenticate(req);
      // API reads are limited before any work (docs/decisions/018): a signed-in account's on its budget, an anonymous
      // one's or one with a credential that does not verify on its address's (so a 401 flood is bounded like an
      // anonymous one). The direct path admits its own.
      if (limitedRead && !admittedRequests.has(req)) admission = await admitRead(req, authenticated?.userId ?? null);
      if (invalidCredential) throw invalidCredential;
      const user = authenticated;
      // Who asks, on this request's log lines and its request line (server/core/log.ts).
      setScopeUser(user?.userId ?? null);
      // One context (and so one database handle) for the account check below and the handler.
      const context = requestContext(user ? { userId: user.userId, role: user.role } : null, locale);
      // A banned or deleted account's still-valid access token is refused at once (the client's refresh then fails too),
      // and so is one carrying a role the account no longer has.
      if (user) {
        // The token's sign-in too: a session signed out (or revoked) is refused at once, not when the token expires.
        const { standing } = await accountStanding(user.userId, user.role, await context.db, user.sid);
        if (standing !== "ok") throw unauthorized(standing === "banned" ? "accountBanned" : "invalidToken");
      }
      const decision = decide(def.key, user?.role ?? null);
      if (decision === "unauthenticated") throw unauthorized();
      if (decision === "forbidden") throw forbidden();

      const reader = def.body && "readBody" in def.body ? (def.body as BodyReader) : undefined;
      const schema = reader ? undefined : (def.body as AnySchema | undefined);
      let rawBody: unknown;
      if (schema) rawBody = await readJsonBody(req, limit);
      else if (declaredLength(req) > limit) throw tooLarge(limit);

      const rawParams: RouteParams = (await ctx?.params) ?? {};
      const searchParams = queryOf(req.url);
      // U+0000 anywhere in the input is a 422 before any schema or handler sees it (PostgreSQL refuses it in text).
      refuseNul(queryValues(searchParams), rawParams, isPlainObject(rawBody) ? rawBody : { _form: rawBody });

      const errors: FieldErrors = {};
      const params = def.params ? await validate(schemaFor(def.params, locale), rawParams, locale, errors) : rawParams;
      const querySchema = def.query && schemaFor(def.query, locale);
      const query = querySchema ? await validate(querySchema, searchParamsObject(searchParams, keyIndexOf(querySchema)), locale, errors) : undefined;
      const body = schema ? await validate(schemaFor(schema, locale), rawBody, locale, errors) : undefined;
      if (Object.keys(errors).length > 0) throw validation(errors);
      const read = reader ? await reader.readBody(webRequest(), limit, locale) : body;

      let web: Request | undefined;
      const result = await def.handler({
        // The web Request only when a handler asks for it (the direct path has none to hand until then).
        get req() {
          return (web ??= webRequest());
        },
        user: user as UserFor<K>,
        body: read as Output<B>,
        query: query as Output<Q>,
        params: params as ParamsOutput<P>,
        ctx: context as RequestContext<ViewerFor<K>>,
      });
      if (result instanceof Response) return noStore(result);
      // The envelope serialised once; an admitted read pays for its size.
      const json = okText(result, apiMessage(locale, "success"));
      if (admission) admission.limits.chargeAnswer(admission.subject, Buffer.byteLength(json));
      return { json };
    } catch (err) {
      return noStore(toResponse(err, locale, def.key));
    } finally {
      admission?.release();
    }
  };
  const handler: RouteHandler = async (req, ctx) => toWebResponse(await run(req, ctx, () => req));
  return Object.assign(handler, { answer: run });
}

/** A RouteAnswer as the web Response Next sends. */
export function toWebResponse(answer: RouteAnswer): Response {
  if (answer instanceof Response) return answer;
  return new Response(answer.json, { status: 200, headers: JSON_NO_STORE });
}

/** The headers of a success envelope (RouteAnswer's `json`). */
export const JSON_NO_STORE: Readonly<Record<string, string>> = { "content-type": "application/json", "cache-control": "no-store" };

/** The query of an absolute request URL, without parsing the rest (as `new URL(url).searchParams` reads it). */
export function queryOf(url: string): URLSearchParams {
  const hash = url.indexOf("#");
  const start = url.indexOf("?");
  if (start < 0 || (hash >= 0 && hash < start)) return new URLSearchParams();
  return new URLSearchParams(url.slice(start + 1, hash < 0 ? undefined : hash));
}

/** A handler's context; the database is asked for only when `db` is first read. */
export function requestContext<V extends Viewer>(viewer: V, locale: Locale): RequestContext<V> {
  let db: Promise<Db> | undefined;
  return {
    get db() {
      return (db ??= getDb());
    },
    viewer,
    locale,
  };
}

/** The caller, or the 401 error of a credential that does not verify (thrown by the caller once the read is admitted). */
export async function authenticate(req: ApiRequest): Promise<{ user: AuthUser | null; error: AppError | null }> {
  try {
    return { user: await userFromRequest(req), error: null };
  } catch (err) {
    if (err instanceof AppError) return { user: null, error: err };
    throw err;
  }
}

/**
 * The caller from `Authorization: Bearer <jwt>`: null without a credential (also for the empty
 * "Bearer null"/"Bearer undefined" some clients send); a present but invalid token is a 401.
 */
export async function userFromRequest(req: ApiRequest): Promise<AuthUser | null> {
  const header = req.headers.get("authorization")?.trim();
  if (!header) return null;
  const match = /^Bearer(?:[ \t]+(.*))?$/i.exec(header);
  const token = match?.[1]?.trim() ?? "";
  if (match && (token === "" || token === "null" || token === "undefined")) return null;
  const claims = match ? await verifyAccessToken(token) : null;
  if (!claims) throw unauthorized("invalidToken", { headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' } });
  return claims;
}

/** The request body's bytes, refusing more than `limit` (413) without reading past it. */
export async function readBodyBytes(req: ApiRequest, limit: number): Promise<Uint8Array> {
  if (declaredLength(req) > limit) throw tooLarge(limit);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function readJsonBody(req: ApiRequest, limit: number): Promise<unknown> {
  const type = req.headers.get("content-type");
  if (!isJsonContentType(type)) {
    // A request with no body at all validates as an empty object; any other body must be JSON.
    if (req.body === null || req.headers.get("content-length") === "0") return {};
    // Behind Next a DELETE (or any call) sent without a body still has a body stream, with neither Content-Type nor
    // Content-Length (issue 27, item 10: `DELETE …?userId=` answered 415). Without a Content-Type the body is read
    // (under the same cap): empty is no body at all; anything in it must be JSON.
    if (type === null && (await readBodyBytes(req, limit)).byteLength === 0) return {};
    throw unsupportedMediaType();
  }
  const bytes = await readBodyBytes(req, limit);
  if (bytes.byteLength === 0) return {};
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw badRequest("invalidJson");
  }
}

function isJsonContentType(header: string | null): boolean {
  const type = header?.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

export function declaredLength(req: ApiRequest): number {
  const value = Number(req.headers.get("content-length") ?? 0);
  return Number.isFinite(value) ? value : 0;
}

let arabicErrors: z.core.$ZodErrorMap | undefined;

/** Parses `value`; on failure adds its field errors to `errors` (zod's built-in texts in the caller's language). */
async function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  locale: Locale,
  errors: FieldErrors,
): Promise<z.output<S> | undefined> {
  const error = locale === "ar" ? (arabicErrors ??= z.locales.ar().localeError) : undefined;
  const input = alignKeys(value, keyIndexOf(schema));
  const options = error ? { error } : undefined;
  // Synchronous first (about half the CPU of the async walk: issue 30's API profile); a schema with an async check
  // throws zod's async error and is parsed the async way.
  let result: z.ZodSafeParseResult<z.output<S>>;
  try {
    result = schema.safeParse(input, options);
  } catch (err) {
    if (!(err instanceof z.core.$ZodAsyncError)) throw err;
    result = await schema.safeParseAsync(input, options);
  }
  if (result.success) return result.data;
  for (const [field, messages] of Object.entries(fieldErrorsOf(result.error))) {
    (errors[field] ??= []).push(...messages);
  }
  return undefined;
}

/**
 * URL query as an object: one value → string, a repeated name → array of strings. Names that match
 * one of the schema's keys case-insensitively are filed under that key (`page` and `Page` are one parameter).
 */
export function searchParamsObject(params: URLSearchParams, keys?: KeyIndex): Record<string, string | string[]> {
  const grouped = new Map<string, string[]>();
  for (const [name, value] of params) {
    const key = keys?.byLower.get(name.toLowerCase()) ?? name;
    const values = grouped.get(key);
    if (values) values.push(value);
    else grouped.set(key, [value]);
  }
  // fromEntries defines own properties, so a `__proto__` parameter is just a name.
  return Object.fromEntries([...grouped].map(([key, values]) => [key, values.length === 1 ? values[0]! : values]));
}

/** A schema's top-level keys, and by lower case. */
export interface KeyIndex {
  known: ReadonlySet<string>;
  byLower: ReadonlyMap<string, string>;
}

/** Schemas never change, so each one's key index is made once (this runs on every request). */
const keyIndexes = new WeakMap<z.core.$ZodType, KeyIndex | null>();
function keyIndexOf(schema: z.core.$ZodType): KeyIndex | undefined {
  let index = keyIndexes.get(schema);
  if (index === undefined) {
    const keys = objectKeys(schema);
    index = keys ? { known: new Set(keys), byLower: new Map(keys.map((k) => [k.toLowerCase(), k])) } : null;
    keyIndexes.set(schema, index);
  }
  return index ?? undefined;
}

/** The top-level keys of an object schema (looking through transforms and preprocessors). */
function objectKeys(schema: z.core.$ZodType): string[] | undefined {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return objectKeys(schema.in) ?? objectKeys(schema.out);
  return undefined;
}

/** Renames keys that match a schema key only by case (ASP.NET binds names case-insensitively). */
function alignKeys(value: unknown, keys: KeyIndex | undefined): unknown {
  if (!keys || typeof value !== "object" || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => {
      const target = keys.known.has(name) ? name : (keys.byLower.get(name.toLowerCase()) ?? name);
      // An exact match wins over a case-insensitive one.
      return [target !== name && Object.hasOwn(value, target) ? name : target, item];
    }),
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function noStore(res: Response): Response {
  if (res.headers.has("cache-control")) return res;
  try {
    res.headers.set("Cache-Control", "no-store");
    return res;
  } catch {
    // Immutable headers (e.g. a fetched Response): copy into a new one.
    const headers = new Headers(res.headers);
    headers.set("Cache-Control", "no-store");
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }
}
