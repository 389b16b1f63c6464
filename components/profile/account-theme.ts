"use client";

import { setTheme } from "@/components/layout/ThemeToggle";

export type AccountTheme = "system" | "light" | "dark";

/** Which account theme this browser last applied (`{userId}:{theme}`): the account's choice is applied once per change. */
const APPLIED_KEY = "accountThemeApplied";

function prefersDark(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-color-scheme: dark)").matches;
}

/** Shows the theme now (through the site's toggle state, so the top bar's switch and the next page agree). */
export function applyAccountTheme(userId: number, theme: AccountTheme): void {
  setTheme(theme === "dark" || (theme === "system" && prefersDark()));
  remember(userId, theme);
}

function remember(userId: number, theme: AccountTheme): void {
  try {
    localStorage.setItem(APPLIED_KEY, `${userId}:${theme}`);
  } catch {
    // no storage: applied for this page only
  }
}

/**
 * On a dashboard page (the profile menu calls it): the account's theme wins the first time this browser sees it — a
 * sign-in on a new device, or a change made on another device — and the top bar's switch wins after that, until the
 * account's theme changes again. A first "system" (the default nobody chose) does not override a local choice. Costs
 * one localStorage read per page; no request.
 */
export function syncAccountTheme(userId: number, theme: AccountTheme | undefined): void {
  if (!theme) return;
  let applied: string | null = null;
  try {
    applied = localStorage.getItem(APPLIED_KEY);
  } catch {
    return;
  }
  if (applied === `${userId}:${theme}`) return;
  if (theme === "system" && (applied === null || !applied.startsWith(`${userId}:`))) {
    remember(userId, theme);
    return;
  }
  applyAccountTheme(userId, theme);
}
