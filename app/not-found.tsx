import { connection } from "next/server";
import "./globals.css";

/**
 * Paths outside every locale (rare: the proxy routes nearly everything) get a plain English 404. A plain link, not
 * next/link: this boundary's client code is loaded with every page, and next/link here would be a second copy.
 */
export default async function GlobalNotFound() {
  // Rendered per request, never prerendered: its scripts need the request's CSP nonce (proxy.ts).
  await connection();
  return (
    <html lang="en" dir="ltr">
      <body className="grid min-h-screen place-items-center bg-zinc-50 p-6 text-center text-zinc-900">
        <main>
          <p className="text-6xl font-black text-rose-600">404</p>
          <h1 className="mt-4 text-2xl font-bold">Page not found</h1>
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- see above */}
          <a className="mt-6 inline-block rounded-full bg-rose-600 px-5 py-2 font-semibold text-white" href="/">
            Back to home
          </a>
        </main>
      </body>
    </html>
  );
}
