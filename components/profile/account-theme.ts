"use client";

import { setTheme } from "@/components/layout/ThemeToggle";
import { STORAGE_KEYS } from "@/lib/site";

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

/** Whether this browser's top-bar switch has stored a theme (STORAGE_KEYS.theme). */
function hasLocalChoice(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.theme) !== null;
  } catch {
    return true;
  }
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
 * account's theme changes again. A first "system" (the default nobody chose) does not override a local choice, but a
 * browser without one follows the device. Costs two localStorage reads per page; no request.
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
  // A browser nobody set a theme in follows the device, as "Same as my device" (checked on the profile page) says.
  if (theme === "system" && (applied === null || !applied.startsWith(`${userId}:`)) && hasLocalChoice()) {
    remember(userId, theme);
    return;
  }
  applyAccountTheme(userId, theme);
}
