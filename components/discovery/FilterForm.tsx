"use client";

import { useRouter, useSearchParams } from "next/navigation";
import type { FormEvent, ReactNode } from "react";

/**
 * The filter panel's form: a plain GET form to the catalogue's address (it works without JavaScript; the server
 * renders the filtered page). With JavaScript the same URL is opened by client navigation, keeping the search and the
 * sort the page has now (they may have changed since the panel was rendered) and starting again from page 1. The
 * reading of the choices (./filter-href.ts) loads when the form is submitted, out of the page's first load (ADR 010).
 */
export function FilterForm({ action, children, testId }: { action: string; children: ReactNode; testId?: string }) {
  const router = useRouter();
  const searchParams = useSearchParams();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    void import("./filter-href").then(({ filterHref }) => router.push(filterHref(action, data, searchParams), { scroll: false }));
  };
  return (
    <form method="get" action={action} onSubmit={onSubmit} className="flex flex-col gap-6" data-testid={testId}>
      {children}
    </form>
  );
}
