"use client";

import { Moon, Sun } from "@/components/icons/ui";
import { useTexts } from "@/i18n/client";
import { useSyncExternalStore } from "react";
import { STORAGE_KEYS } from "@/lib/site";

// Off the kit on purpose: the kit's Button module would add ~600 B gzip to every public page's first load (issue 29; every public page is within a few hundred bytes of its budget, tests/e2e/page-weight.spec.ts).

/** Spec §3/§4: theme state {isDark} under "themeState", light by default; the layout applies it before paint. */
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}
const isDarkNow = () => document.documentElement.classList.contains("dark");

export function setTheme(isDark: boolean) {
  document.documentElement.classList.toggle("dark", isDark);
  try {
    localStorage.setItem(STORAGE_KEYS.theme, JSON.stringify({ isDark }));
  } catch {
    // storage may be unavailable (private mode); the choice then lasts for this page only
  }
}

export function ThemeToggle({ className = "" }: { className?: string }) {
  const t = useTexts("theme");
  const isDark = useSyncExternalStore(subscribe, isDarkNow, () => false);
  return (
    <button
      type="button"
      onClick={() => setTheme(!isDark)}
      aria-label={t("toggle")}
      aria-pressed={isDark}
      title={isDark ? t("light") : t("dark")}
      className={`grid size-10 place-items-center rounded-full text-zinc-600 transition hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white ${className}`}
    >
      {isDark ? <Sun className="size-5" aria-hidden /> : <Moon className="size-5" aria-hidden />}
    </button>
  );
}
