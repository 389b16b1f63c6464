/** The audit log's filters as they live in the URL (`actor`, `action`, `from`, `to`, `page`). */
export interface AuditFilterState {
  actor: string;
  action: string;
  from: string;
  to: string;
}

/** The audit log's URL for filters and a page; empty filters and page 1 are left out. */
export function auditHref(filters: Partial<AuditFilterState>, page?: number): string {
  const params = new URLSearchParams();
  for (const key of ["actor", "action", "from", "to"] as const) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  if (page && page > 1) params.set("page", String(page));
  const qs = params.toString();
  return qs ? `/dashboard/audit-log?${qs}` : "/dashboard/audit-log";
}
