"use client";

import { Heart } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef } from "react";
import { useRouter } from "@/i18n/navigation";
import { useAuth } from "@/components/providers/use-auth";
import { useFavoriteIds, useToggleFavorite } from "./use-favorites";

/**
 * The favourite heart (spec §2, §4): signed in, it flips at once and sends ToggleFavorite (undone silently on
 * failure); a visitor is sent to the login screen. `icon` sits on a card's cover, `full` is the preview's labelled button.
 */
export function FavoriteButton({ mangaId, variant = "icon", className = "" }: { mangaId: number; variant?: "icon" | "full"; className?: string }) {
  const t = useTranslations("manga");
  const router = useRouter();
  const { status } = useAuth();
  const { ids } = useFavoriteIds();
  const toggle = useToggleFavorite(mangaId);
  const active = status === "authenticated" && ids.has(mangaId);
  const label = active ? t("removeFavorite") : t("addFavorite");

  // A click while the session is still being read is acted on as soon as it is known.
  const waiting = useRef(false);
  const { mutate } = toggle;
  const act = useCallback(() => {
    if (status === "authenticated") mutate();
    else router.push({ pathname: "/auth", query: { type: "login" } });
  }, [status, mutate, router]);
  useEffect(() => {
    if (!waiting.current || status === "loading") return;
    waiting.current = false;
    act();
  }, [status, act]);
  const onClick = () => {
    if (status === "loading") waiting.current = true;
    else act();
  };

  if (variant === "full") {
    return (
      <button
        type="button"
        onClick={onClick}
        aria-pressed={active}
        data-favorite={active}
        className={`inline-flex items-center gap-2 rounded-full border px-5 py-3 font-semibold transition ${
          active
            ? "border-brand-600 bg-brand-50 text-brand-700 hover:bg-brand-100 dark:bg-brand-600/15 dark:text-brand-400"
            : "border-zinc-300 hover:border-brand-500 hover:text-brand-600 dark:border-zinc-700"
        } ${className}`}
      >
        <Heart className={`size-5 transition ${active ? "fill-current" : ""}`} aria-hidden />
        {label}
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={active}
      aria-label={label}
      title={label}
      data-favorite={active}
      className={`grid size-9 place-items-center rounded-full backdrop-blur transition ${
        active ? "bg-white text-brand-600 shadow" : "bg-black/45 text-white hover:bg-brand-600"
      } ${className}`}
    >
      <Heart className={`size-4 ${active ? "fill-current" : ""}`} aria-hidden />
    </button>
  );
}
