import type { MouseEvent } from "react";

/** A plain left click (not a new tab or window): the client may handle it without a page load. */
export function isPlainClick(e: Pick<MouseEvent, "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey">): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

/** What the visitor did before the catalogue's live code had loaded, for it to do once it has. */
export interface EarlyMoves {
  /** The search form was submitted. */
  submitted?: boolean;
  /** A pagination link to this page was clicked. */
  page?: number;
}

/** What the results area shows: the server's page (`children`), or not, and whether a page is on its way. */
export interface LiveView {
  server: boolean;
  loading: boolean;
}
