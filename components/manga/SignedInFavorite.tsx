"use client";

import { useTexts } from "@/i18n/client";
import { useEffect } from "react";
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
  const { ids } = useFavoriteIds();
  const { mutate } = useToggleFavorite(mangaId);
  useEffect(() => {
    if (!clickNow) return;
    onClicked();
    mutate();
  }, [clickNow, onClicked, mutate]);
  const active = ids.has(mangaId);
  return <HeartView active={active} label={active ? t("removeFavorite") : t("addFavorite")} onClick={() => mutate()} variant={variant} className={className} />;
}
