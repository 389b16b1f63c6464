import type { QueueState } from "@/server/publishing/review-queue";

/** The queue page's URL for a state, search and page; the role's default state and page 1 are left out. */
export function queueHref({ state, search, page, defaultState }: { state: QueueState; search?: string; page?: number; defaultState: QueueState }): string {
  const params = new URLSearchParams();
  if (state !== defaultState) params.set("state", state);
  if (search?.trim()) params.set("q", search.trim());
  if (page && page > 1) params.set("page", String(page));
  const qs = params.toString();
  return qs ? `/dashboard/manga-approval?${qs}` : "/dashboard/manga-approval";
}
