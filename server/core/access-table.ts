import { ROLE_NAMES, type Role } from "@/lib/enums";

/**
 * THE ACCESS TABLE: who may call each API route (DESIGN §8). Every route is built with defineRoute()
 * from a key of this table; a route missing from it cannot be defined and so refuses everyone.
 *
 * "visitor" means anyone, signed in or not. The other audiences are roles (reader 0 … root 4).
 * The spec shows no rights for staff and admin, so they have a signed-in member's rights only
 * (no publishing, moderation, user management or site settings); root holds every administrative right.
 * Handlers still check ownership (a writer edits only their own manga; root edits any).
 */
export type Audience = "visitor" | (typeof ROLE_NAMES)[number];
export const AUDIENCES: readonly Audience[] = ["visitor", ...ROLE_NAMES];

const VISITOR = ["visitor"] as const;
const SIGNED_IN = ["reader", "writer", "staff", "admin", "root"] as const;
const CREATOR = ["writer", "root"] as const;
const ROOT = ["root"] as const;

export const ACCESS = {
  "GET /api/health": VISITOR,
  // Beyond the spec (issue 33, item 3): liveness and readiness for load balancers and orchestrators (ADR 026).
  "GET /api/health/live": VISITOR,
  "GET /api/health/ready": VISITOR,

  // Authentication
  "POST /api/Authentication/Login": VISITOR,
  "POST /api/Authentication/Register": VISITOR,
  "POST /api/Authentication/RefreshToken": VISITOR,
  "POST /api/Authentication/Logout": SIGNED_IN,
  "POST /api/Authentication/FirebaseMigration": SIGNED_IN,
  "GET /api/Authentication/VerifyEmail": VISITOR,
  // Beyond the spec (issue 27, item 6): the link mailed to a new address; the token is the credential.
  "GET /api/Authentication/ConfirmEmailChange": VISITOR,
  "POST /api/Authentication/ResetPassword": VISITOR,
  "POST /api/Authentication/UpdateSelf": SIGNED_IN,
  // Beyond the spec: the language the user reads in, kept on the account for notifications and mail (issue 14).
  "POST /api/Authentication/Locale": SIGNED_IN,
  "GET /api/Authentication/Me": SIGNED_IN,
  "GET /api/Authentication/Me/Favorites": SIGNED_IN,
  "GET /api/Authentication/Me/Notifications": SIGNED_IN,
  "GET /api/Authentication/Me/Manga": SIGNED_IN,
  "GET /api/Authentication/Me/Subscriptions": SIGNED_IN,
  "GET /api/Authentication/Me/Transactions": SIGNED_IN,
  // Profile management (issue 16, beyond the spec): each on the caller's own account only.
  "POST /api/Authentication/ChangePassword": SIGNED_IN,
  "GET /api/Authentication/Sessions": SIGNED_IN,
  "POST /api/Authentication/Sessions/Revoke": SIGNED_IN,
  "POST /api/Authentication/Sessions/RevokeOthers": SIGNED_IN,
  "POST /api/Authentication/DeleteMe": SIGNED_IN,
  "GET /api/Authentication/Me/Export": SIGNED_IN,
  // Beyond the spec (issue 32, items 4 and 5): the reader's settings (keys, touch, settings per series) on the account.
  "GET /api/Authentication/Me/ReaderSettings": SIGNED_IN,
  "PUT /api/Authentication/Me/ReaderSettings": SIGNED_IN,

  // Creators' monetisation (issue 16 §3, beyond the spec): a writer's own earnings and payout requests; root enters
  // months' income, sets the payout threshold and settles payouts.
  "GET /api/Monetization/Earnings": CREATOR,
  "POST /api/Monetization/RequestPayout": CREATOR,
  "GET /api/Monetization/Months": ROOT,
  "POST /api/Monetization/CloseMonth": ROOT,
  "GET /api/Monetization/Payouts": ROOT,
  "POST /api/Monetization/ResolvePayout": ROOT,
  "POST /api/Monetization/Settings": ROOT,

  // E-mail (forgot password and resending verification; both answer the same whether or not the account exists)
  "POST /api/Email/SendResetPasswordEmail": VISITOR,
  "POST /api/Email/SendVerifyEmail": VISITOR,

  // Chapter
  "POST /api/chapter/SubmitChapter": CREATOR,
  "PUT /api/chapter/UpdateChapter": CREATOR,
  "DELETE /api/chapter/DeleteChapter": CREATOR,
  "POST /api/chapter/StatusChapter": ROOT,
  "POST /api/chapter/RecordView": VISITOR,
  // Beyond the spec: a sponsored-overlay impression (issue 16 §3), counted like views.
  "POST /api/chapter/RecordImpression": VISITOR,
  "GET /api/chapter/GetChapter/{chapterid}": VISITOR,
  "GET /api/chapter/PaginatedChapterDetails": VISITOR,
  "GET /api/chapter/PaginatedChapter": VISITOR,
  "GET /api/chapter/PaginatedChapterPdfPages": VISITOR,
  "GET /api/chapter/PaginatedChapterImagePages": VISITOR,
  // The approval screen's list: writers see their own chapters, root sees all.
  "GET /api/chapter/PaginatedChapterDetailsByStatusPagianted": CREATOR,
  // Reading progress (beyond the spec): the last page per chapter, and the dashboard's "continue reading".
  "POST /api/chapter/SaveProgress": SIGNED_IN,
  "GET /api/chapter/ContinueReading": SIGNED_IN,
  // Beyond the spec (issue 31, item 4): the chapters of a list the user has opened (the latest updates' unread marker).
  "GET /api/chapter/ReadChapters": SIGNED_IN,

  // Manga
  "POST /api/manga/SubmitManga": CREATOR,
  "PUT /api/manga/UpdateManga": CREATOR,
  "DELETE /api/manga/DeleteManga": CREATOR,
  "POST /api/manga/StatusManga": ROOT,
  "POST /api/manga/ToggleFavorite": SIGNED_IN,
  "GET /api/manga/GetMangaById": VISITOR,
  "GET /api/manga/PaginatedManga": VISITOR,
  // Creator analytics (issue 16 §4, beyond the spec): the handler allows a writer their own manga only (else 404).
  "GET /api/manga/Analytics": CREATOR,

  // User management
  "POST /api/User/CreateUser": ROOT,
  "DELETE /api/User/DeleteUser": ROOT,
  "PUT /api/User/UpdateUser": ROOT,
  "GET /api/User/PaginatedUser": ROOT,

  // Site settings
  "POST /api/SiteSettings/SaveLandingPageSettings": ROOT,
  "GET /api/SiteSettings/GetLandingPageSettings": VISITOR,
  "POST /api/SiteSettings/SaveDiscoveryPage": ROOT,
  "GET /api/SiteSettings/GetDiscoveryPageSettings": VISITOR,

  // Notifications (the caller's own, except the sending calls)
  "GET /api/Notification/PaginatedNotification": SIGNED_IN,
  "POST /api/Notification/MarkNotificationAsRead": SIGNED_IN,
  "DELETE /api/Notification/DeleteNotification": SIGNED_IN,
  "GET /api/Notification/GetUnreadNotificationCount": SIGNED_IN,
  // Beyond the spec: the notifications page's "mark all read" in one call (the dropdown marks each one).
  "POST /api/Notification/MarkAllNotificationsAsRead": SIGNED_IN,
  // Beyond the spec: the caller's preferences (per event kind in-app and e-mail, the daily digest).
  "GET /api/Notification/Preferences": SIGNED_IN,
  "PUT /api/Notification/Preferences": SIGNED_IN,
  "POST /api/Notification/SendNotificationToUser": ROOT,
  "POST /api/Notification/SendGlobalNotification": ROOT,
  // A writer (e.g. about a submission under review) or root messages the administrators.
  "POST /api/Notification/SendNotificationToAdmin": CREATOR,
  // The live channel (a WebSocket upgrade handled by server/realtime/upgrade.ts, not a route file).
  "GET /api/Notification/GetNotificationWebSocket": SIGNED_IN,

  // Content reports (issue 15, beyond the spec): any member reports a manga or a chapter; root works the queue.
  "POST /api/Report/Submit": SIGNED_IN,
  "GET /api/Report/PaginatedReport": ROOT,
  "POST /api/Report/Resolve": ROOT,

  // Following writers (issue 34, beyond the spec): a member follows and unfollows writers and lists whom they follow;
  // a writer's public profile is anyone's to read (its isFollowing answers for a signed-in caller).
  "POST /api/Follow/Follow": SIGNED_IN,
  "POST /api/Follow/Unfollow": SIGNED_IN,
  "GET /api/Follow/Following": SIGNED_IN,
  "GET /api/Follow/Writer": VISITOR,

  // Ratings (issue 34, beyond the spec; docs/decisions/028): a member rates a public manga 1–10, removes it, reads it.
  "POST /api/Rating/Rate": SIGNED_IN,
  "POST /api/Rating/Remove": SIGNED_IN,
  "GET /api/Rating/Mine": SIGNED_IN,

  // Browser-test helpers: they answer 404 unless the process runs with E2E_TEST_ROUTES=1 (scripts/e2e-server.ts).
  "GET /api/test/outbox": VISITOR,
  "POST /api/test/must-select-role": VISITOR,
  "POST /api/test/notify": VISITOR,
  "POST /api/test/rename-manga": VISITOR,
  "POST /api/test/create-user": VISITOR,
  "POST /api/test/grant-subscription": VISITOR,
  "POST /api/test/seed-earnings": VISITOR,
  "GET /api/test/client-address": VISITOR,
} as const satisfies Record<string, readonly Audience[]>;

export type RouteKey = keyof typeof ACCESS;
export type AudiencesOf<K extends RouteKey> = (typeof ACCESS)[K][number];
export const ROUTE_KEYS = Object.keys(ACCESS) as RouteKey[];

export function isRouteKey(key: string): key is RouteKey {
  return Object.hasOwn(ACCESS, key);
}

/** The audiences of a key; a key that is not in the table has none (default deny). */
export function audiencesOf(key: string): readonly Audience[] {
  return isRouteKey(key) ? ACCESS[key] : [];
}

export type AccessDecision = "allow" | "unauthenticated" | "forbidden";

/** Whether a caller (`null` role: not signed in) may call a route: allow, or why not (401 / 403). */
export function decide(key: string, role: Role | null): AccessDecision {
  const audiences = audiencesOf(key);
  if (audiences.includes("visitor")) return "allow";
  const name = role === null ? undefined : ROLE_NAMES[role];
  if (name !== undefined && audiences.includes(name)) return "allow";
  // An unknown key refuses everyone; a visitor is asked to sign in only where some role could pass.
  return role === null && audiences.length > 0 ? "unauthenticated" : "forbidden";
}
