"use client";

import { useCallback, useEffect, useReducer, useRef } from "react";
import { useLocale } from "@/i18n/client";
import { isApiError } from "@/lib/api-client";
import { nextAuthBridge, refreshSessionToken } from "@/components/providers/use-api";
import { useSession } from "@/components/providers/session-store";
import { isAbortError, sendMultipart } from "./send-multipart";
import { INITIAL_UPLOAD_STATE, uploadReducer, type UploadState, type UploadType } from "./upload-state";

/** The display is refreshed at least this often while sending, even when the browser reports progress rarely. */
export const PROGRESS_TICK_MS = 400;
/** …and at most this often from progress events (they can come every few milliseconds). */
const PROGRESS_MIN_GAP_MS = 100;

export type UploadOutcome<T> = { ok: true; data: T } | { ok: false; cancelled: boolean; error?: unknown };

/**
 * A multipart upload with the upload state of spec §3: `start(url, form, type)` sends with the session's token and the
 * page language, feeding progress to the reducer (percentage, speed, time left); `cancel()` aborts the request. A 401
 * rotates the session's tokens once and sends again, like useApi; if that fails the session ends (spec §8).
 */
export function useUpload(): {
  state: UploadState;
  start: <T>(url: string, body: FormData, uploadType: UploadType, method?: "POST" | "PUT") => Promise<UploadOutcome<T>>;
  cancel: () => void;
  reset: () => void;
} {
  const [state, dispatch] = useReducer(uploadReducer, INITIAL_UPLOAD_STATE);
  const { data } = useSession();
  const token = data && !data.error ? (data.accessToken ?? null) : null;
  const locale = useLocale();
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async <T>(url: string, body: FormData, uploadType: UploadType, method: "POST" | "PUT" = "POST"): Promise<UploadOutcome<T>> => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      let last = { loaded: 0, total: 0 };
      let lastDispatch = 0;
      const report = (force = false) => {
        const now = performance.now();
        if (!force && now - lastDispatch < PROGRESS_MIN_GAP_MS) return;
        lastDispatch = now;
        dispatch({ type: "progress", loaded: last.loaded, total: last.total, at: now });
      };
      dispatch({ type: "started", uploadType, at: performance.now() });
      const tick = setInterval(() => {
        if (last.total > 0) report(true);
      }, PROGRESS_TICK_MS);
      const send = (bearer: string | null) =>
        sendMultipart<T>({
          url, method, body, token: bearer, locale, signal: abort.signal,
          onProgress: (loaded, total) => {
            last = { loaded, total };
            report(loaded >= total);
          },
        });
      try {
        let result: T;
        try {
          result = await send(token);
        } catch (error) {
          if (!(isApiError(error) && error.status === 401 && token)) throw error;
          const fresh = await refreshSessionToken().catch(() => null);
          if (!fresh) {
            await nextAuthBridge.signOut().catch(() => undefined);
            throw error;
          }
          dispatch({ type: "started", uploadType, at: performance.now() });
          result = await send(fresh);
        }
        dispatch({ type: "completed" });
        return { ok: true, data: result };
      } catch (error) {
        if (isAbortError(error)) {
          dispatch({ type: "reset" });
          return { ok: false, cancelled: true };
        }
        dispatch({ type: "failed", error: error instanceof Error ? error.message : String(error) });
        return { ok: false, cancelled: false, error };
      } finally {
        clearInterval(tick);
        if (controller.current === abort) controller.current = null;
      }
    },
    [token, locale],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => dispatch({ type: "reset" }), []);
  return { state, start, cancel, reset };
}
