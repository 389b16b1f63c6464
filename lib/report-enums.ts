/**
 * The report enums (issue 15, beyond the spec), apart from lib/enums.ts: that module is in every public page's
 * bundle, and reports are only loaded by the report dialog and root's queue.
 */
/** Why a reader reports a manga or a chapter (issue 15, beyond the spec; reports.reason). */
export const ReportReason = { Copyright: 0, Inappropriate: 1, WrongContent: 2, Other: 3 } as const;
export type ReportReason = (typeof ReportReason)[keyof typeof ReportReason];
export const REPORT_REASON_NAMES = ["copyright", "inappropriate", "wrongContent", "other"] as const;

/** A report's state (reports.status): open until root resolves every open report of its target at once. */
export const ReportStatus = { Open: 0, Dismissed: 1, Hidden: 2, Deleted: 3 } as const;
export type ReportStatus = (typeof ReportStatus)[keyof typeof ReportStatus];
