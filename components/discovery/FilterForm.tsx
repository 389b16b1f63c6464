"use client";

import { useRouter, useSearchParams } from "next/navigation";
import type { FormEvent, ReactNode } from "react";
import { discoveryQuery, parseDiscoveryParams } from "@/lib/discovery-params";
import { rawSearchParams } from "./raw-params";

/**
 * The filter panel's form: a plain GET form to the catalogue's address (it works without JavaScript; the server
 * renders the filtered page). With JavaScript the same URL is opened by client navigation, keeping the search and the
 * sort the page has now (they may have changed since the panel was rendered) and starting again from page 1.
 */
export function FilterForm({ action, children, testId }: { action: string; children: ReactNode; testId?: string }) {
  const router = useRouter();
  const searchParams = useSearchParams();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const current = parseDiscoveryParams(rawSearchParams(searchParams));
    // Every field by its URL name (all of them text), read as the URL would be.
    const chosen = parseDiscoveryParams(rawSearchParams(data as unknown as URLSearchParams));
    router.push(`${action}${discoveryQuery({ ...chosen, search: current.search, sort: current.sort, page: 1 })}`, { scroll: false });
  };
  return (
    <form method="get" action={action} onSubmit={onSubmit} className="flex flex-col gap-6" data-testid={testId}>
      {children}
    </form>
  );
}
