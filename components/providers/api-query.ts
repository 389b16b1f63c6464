"use client";

import { keepPreviousData, useMutation, useQuery, type QueryKey, type UseMutationResult, type UseQueryResult } from "@tanstack/react-query";
import { useLocale } from "@/i18n/client";
import { getQueryClient } from "@/lib/query-client";
import type { ApiRequestOptions } from "@/lib/api-client";
import { useApi, type BoundApiRequest } from "./use-api";

/**
 * The one way a client component reads and writes the API (issue 29): TanStack Query on the tab's shared client
 * (lib/query-client.ts holds the policy: data kept 60 s after its last use, spec §9; HTTP answers never retried,
 * network failures once), through `useApi()` (the access token, the page language, and 401 → refresh the session →
 * repeat once, else sign out; spec §8). Texts the server writes are in the request's language, so the language is part
 * of every key: switching language never shows the other language's cached answer.
 *
 *   const users = useApiQuery(["users", page], "/api/Users", { query: { page } });
 *   const save = useApiMutation((api, body: Input) => api("/api/Users", { method: "POST", body }), { invalidate: [["users"]] });
 */
export type ApiCall = Omit<ApiRequestOptions, "token" | "session">;

export interface ApiQueryOptions<T, S> {
  /** Query parameters, headers… as for useApi(). */
  request?: ApiCall;
  enabled?: boolean;
  /** How long an answer counts as fresh (default 0: refetched when a component mounts again). */
  staleTime?: number;
  refetchInterval?: number | false;
  /** While the next key's answer loads, keep showing the previous key's (a list turning pages). */
  keepPrevious?: boolean;
  initialData?: T;
  select?: (data: T) => S;
}

export function useApiQuery<T, S = T>(key: QueryKey, path: string, options: ApiQueryOptions<T, S> = {}): UseQueryResult<S> {
  const api = useApi();
  const locale = useLocale();
  const { request, keepPrevious = false, ...rest } = options;
  return useQuery<T, Error, S>(
    {
      queryKey: [...key, locale],
      queryFn: ({ signal }) => api<T>(path, { ...request, signal }),
      ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
      ...rest,
    },
    getQueryClient(),
  );
}

export interface ApiMutationOptions<V, R, C> {
  /** Keys (prefixes) whose cached answers are stale once the write succeeds. */
  invalidate?: QueryKey[];
  /** An optimistic change: apply it to the cache and return what undoes it (run when the write fails). */
  optimistic?: (vars: V) => C | Promise<C>;
  rollback?: (context: C) => void;
  onSuccess?: (result: R, vars: V) => void;
  onError?: (error: unknown, vars: V) => void;
}

export function useApiMutation<V, R = unknown, C = unknown>(write: (api: BoundApiRequest, vars: V) => Promise<R>, options: ApiMutationOptions<V, R, C> = {}): UseMutationResult<R, unknown, V, C | undefined> {
  const api = useApi();
  const client = getQueryClient();
  return useMutation<R, unknown, V, C | undefined>(
    {
      mutationFn: (vars) => write(api, vars),
      onMutate: options.optimistic ? async (vars) => await options.optimistic!(vars) : undefined,
      onError: (error, vars, context) => {
        if (context !== undefined) options.rollback?.(context);
        options.onError?.(error, vars);
      },
      onSuccess: async (result, vars) => {
        await Promise.all((options.invalidate ?? []).map((queryKey) => client.invalidateQueries({ queryKey })));
        options.onSuccess?.(result, vars);
      },
    },
    client,
  );
}
