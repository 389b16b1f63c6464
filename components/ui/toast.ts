"use client";

import { toast } from "react-toastify";
import { isApiError } from "@/lib/api-client";

/**
 * The outcome of an action as a toast (react-toastify, mounted once by the dashboard shell), in the site's theme.
 * `notifyError` shows the server's own message for an HTTP error (it is in the page's language) and the screen's
 * fallback text for anything else (a network failure).
 */
const theme = (): "light" | "dark" => (document.documentElement.classList.contains("dark") ? "dark" : "light");

export function notifySuccess(message: string): void {
  toast.success(message, { theme: theme() });
}

/** A failure in the screen's own words (whatever the server said). */
export function notifyFailure(message: string): void {
  toast.error(message, { theme: theme() });
}

export function notifyError(error: unknown, fallback: string): void {
  toast.error(isApiError(error) && error.kind === "HTTP" && error.message ? error.message : fallback, { theme: theme() });
}
