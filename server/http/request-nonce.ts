import "server-only";
import { headers } from "next/headers";

/**
 * This request's CSP nonce (set by proxy.ts), for our own inline scripts. Reading it makes the page render per
 * request, which a nonce needs: a page prerendered at build time would carry no nonce, and its scripts would not run.
 */
export async function requestNonce(): Promise<string | undefined> {
  return (await headers()).get("x-nonce") ?? undefined;
}
