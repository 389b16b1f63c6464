/** Numeric enums of spec §3, shared by schema, server and client. Plain constants: no Drizzle, so client code imports them. */
export const Role = { reader: 0, writer: 1, staff: 2, admin: 3, root: 4 } as const;
export type Role = (typeof Role)[keyof typeof Role];
export const ROLE_NAMES = ["reader", "writer", "staff", "admin", "root"] as const;

export const Status = { Pending: 0, Accepted: 1, Rejected: 2 } as const;
export type Status = (typeof Status)[keyof typeof Status];

export const PremiumPlan = { Premium: 0, PremiumPlus: 1 } as const;
export type PremiumPlan = (typeof PremiumPlan)[keyof typeof PremiumPlan];

export const NotificationType = { Info: 1, Success: 2, Warning: 3, Error: 4 } as const;
export type NotificationType = (typeof NotificationType)[keyof typeof NotificationType];

/** The 17 genres of spec §3, in spec order; the stored value is the index. */
export const GENRES = [
  "Action", "Adventure", "Comedy", "Drama", "Fantasy", "SciFi", "Sports", "Horror", "Mystery",
  "Tragedy", "SliceOfLife", "Psychological", "Supernatural", "SchoolLife", "MartialArts", "Historical", "Mecha",
] as const;
export type Genre = (typeof GENRES)[number];

export const SortBy = {
  CreatedDate: 0, Title: 1, Views: 2, Favorites: 3, ChapterCount: 4, Popularity: 5, UpdatedDate: 6,
  /** Beyond the spec's 0–6 (issue 34, docs/decisions/028): the Bayesian mean of the counted ratings, best first. */
  TopRated: 7,
} as const;
export type SortBy = (typeof SortBy)[keyof typeof SortBy];

export const ChapterSource = { Images: 0, Pdf: 1 } as const;
export type ChapterSource = (typeof ChapterSource)[keyof typeof ChapterSource];

/** Reading direction of a title, independent of the interface language. */
export const ReadingDirection = { RightToLeft: 0, LeftToRight: 1, Vertical: 2 } as const;
export type ReadingDirection = (typeof ReadingDirection)[keyof typeof ReadingDirection];

/** Verify: a new account's address; Reset: a password reset; ChangeEmail: a new address for an account (issue 27, item 6). */
export const EmailTokenKind = { Verify: 0, Reset: 1, ChangeEmail: 2 } as const;
export type EmailTokenKind = (typeof EmailTokenKind)[keyof typeof EmailTokenKind];

export const TransactionStatus = { Pending: 0, Completed: 1, Failed: 2, Refunded: 3 } as const;
