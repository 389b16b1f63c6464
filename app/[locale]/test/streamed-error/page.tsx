import { notFound } from "next/navigation";
import { connection } from "next/server";
import { Suspense } from "react";

/**
 * For the browser tests only (E2E_TEST_ROUTES=1, as the /api/test routes; absent otherwise): a page whose Suspense
 * boundary fails after its shell was sent, which the custom server answers 500 (docs/decisions/026).
 * `?ok=1`: the same page without the failure (200).
 */
type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

async function Failing({ fail }: { fail: boolean }) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  if (fail) throw new Error("e2e: a render error inside a Suspense boundary");
  return <p>streamed part</p>;
}

export default async function StreamedErrorPage({ searchParams }: Props) {
  await connection();
  if (process.env.E2E_TEST_ROUTES !== "1") notFound();
  const fail = (await searchParams).ok !== "1";
  return (
    <main lang="en">
      <p>shell part</p>
      <Suspense fallback={<p>loading…</p>}>
        <Failing fail={fail} />
      </Suspense>
    </main>
  );
}
