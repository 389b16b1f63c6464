"use client";

import { useTexts } from "@/i18n/client";
import { useEffect } from "react";
import { notifySuccess } from "@/components/ui/toast";
import { takeFavoriteIntent } from "@/lib/take-favorite-intent";
import { HeartView } from "./HeartView";
import { useFavoriteIds, useToggleFavorite } from "./use-favorites";

/** A signed-in user's heart: shows whether the manga is a favourite and toggles it (loaded lazily by FavoriteButton). */
export default function SignedInFavorite({ mangaId, variant, className, clickNow, onClicked }: {
  mangaId: number;
  variant: "icon" | "full";
  className: string;
  /** A click arrived before this heart was ready: act on it now. */
  clickNow: boolean;
  onClicked: () => void;
}) {
  const t = useTexts("manga");
  const { ids, ready } = useFavoriteIds();
  const { mutate } = useToggleFavorite(mangaId);
  const active = ids.has(mangaId);
  useEffect(() => {
    if (!clickNow) return;
    onClicked();
    mutate();
  }, [clickNow, onClicked, mutate]);
  // The heart a visitor clicked before signing in (./FavoriteButton.tsx): added once the user's favourites are known,
  // so a manga already among them is left as it is.
  useEffect(() => {
    if (!ready || !takeFavoriteIntent(mangaId)) return;
    if (!active) mutate();
    notifySuccess(t("addedAfterSignIn"));
  }, [ready, active, mangaId, mutate, t]);
  return <HeartView active={active} label={active ? t("removeFavorite") : t("addFavorite")} onClick={() => mutate()} variant={variant} className={className} />;
}
