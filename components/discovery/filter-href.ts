import { discoveryQuery, parseDiscoveryParams } from "@/lib/discovery-params";
import { rawSearchParams } from "./raw-params";

/**
 * Where the filter panel's form leads: its choices (every field by its URL name, all of them text, read as the URL
 * would be) with the search and order of the page now (`searchParams`), from page 1.
 */
export function filterHref(action: string, data: FormData, searchParams: URLSearchParams | { keys(): Iterable<string>; getAll(name: string): string[] }): string {
  const current = parseDiscoveryParams(rawSearchParams(searchParams));
  const chosen = parseDiscoveryParams(rawSearchParams(data as unknown as URLSearchParams));
  return `${action}${discoveryQuery({ ...chosen, search: current.search, sort: current.sort, page: 1 })}`;
}
