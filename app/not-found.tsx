import Link from "next/link";
import "./globals.css";

/** Paths outside every locale (rare: the proxy routes nearly everything) get a plain English 404. */
export default function GlobalNotFound() {
  return (
    <html lang="en" dir="ltr">
      <body className="grid min-h-screen place-items-center bg-zinc-50 p-6 text-center text-zinc-900">
        <main>
          <p className="text-6xl font-black text-rose-600">404</p>
          <h1 className="mt-4 text-2xl font-bold">Page not found</h1>
          <Link className="mt-6 inline-block rounded-full bg-rose-600 px-5 py-2 font-semibold text-white" href="/">
            Back to home
          </Link>
        </main>
      </body>
    </html>
  );
}
