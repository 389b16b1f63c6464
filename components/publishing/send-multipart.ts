import { ApiError, type Envelope } from "@/lib/api-client";

/**
 * A multipart request through XMLHttpRequest, the only browser API that reports upload progress (fetch does not).
 * It speaks like lib/api-client.ts: bearer token, the page language (`x-locale`, as useApi sends it, and
 * Accept-Language), the `{ statusCode, message, data }` envelope read into `data` or an ApiError carrying the server's
 * message (already in the request's language). A cancelled request rejects with an AbortError DOMException.
 */
export interface SendMultipartOptions {
  url: string;
  method?: "POST" | "PUT";
  body: FormData;
  token: string | null;
  locale: string;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

export function sendMultipart<T>({ url, method = "POST", body, token, locale, onProgress, signal }: SendMultipartOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("Upload cancelled", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("x-locale", locale);
    xhr.setRequestHeader("Accept-Language", locale);
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.responseType = "text";
    const onAbort = () => xhr.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => signal?.removeEventListener("abort", onAbort);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException("Upload cancelled", "AbortError"));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError("FETCH_ERROR", "Network request failed"));
    };
    xhr.ontimeout = () => {
      done();
      reject(new ApiError("TIMEOUT_ERROR", "Request timed out"));
    };
    xhr.onload = () => {
      done();
      let envelope: unknown;
      try {
        envelope = xhr.responseText === "" ? null : JSON.parse(xhr.responseText);
      } catch (cause) {
        reject(new ApiError(xhr.status >= 400 ? "HTTP" : "PARSING_ERROR", `HTTP error! status: ${xhr.status}`, { status: xhr.status, cause }));
        return;
      }
      if (!isEnvelope(envelope)) {
        reject(new ApiError(xhr.status >= 400 ? "HTTP" : "PARSING_ERROR", `HTTP error! status: ${xhr.status}`, { status: xhr.status, data: envelope }));
        return;
      }
      if (xhr.status < 200 || xhr.status >= 300 || envelope.statusCode !== 1) {
        const status = xhr.status >= 200 && xhr.status < 300 ? envelope.statusCode : xhr.status;
        reject(new ApiError("HTTP", envelope.message || `HTTP error! status: ${status}`, { status, data: envelope.data }));
        return;
      }
      resolve(envelope.data as T);
    };
    xhr.send(body);
  });
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { statusCode?: unknown }).statusCode === "number";
}

export const isAbortError = (error: unknown): boolean => error instanceof DOMException && error.name === "AbortError";
