"use client";

import { useEffect } from "react";
import { useTexts } from "@/i18n/client";

const COVER = "img.manga-card-image";

/**
 * Spec §2: "A failed card says 'Failed to load manga'". A card's data comes with its page, so what can fail is its
 * cover: one listener for the whole page (cards render on the server and have no handlers of their own) writes the
 * text into the cover's `data-failed`, which the stylesheet shows in place of the broken image (`.manga-card-cover`).
 * A cover that loads later (another `srcset` candidate) clears it. Mounted once by the site's and the dashboard's
 * layouts.
 */
export function CardCoverFailures() {
  const failed = useTexts("manga")("failed");
  useEffect(() => {
    const mark = (img: HTMLImageElement, broken: boolean) => {
      const cover = img.closest(".manga-card-cover");
      if (broken) cover?.setAttribute("data-failed", failed);
      else cover?.removeAttribute("data-failed");
    };
    const onImage = (event: Event) => {
      if (event.target instanceof HTMLImageElement && event.target.matches(COVER)) mark(event.target, event.type === "error");
    };
    // Load and error events do not bubble: listen while they travel down.
    document.addEventListener("error", onImage, true);
    document.addEventListener("load", onImage, true);
    // Server-rendered covers may have failed before this ran (lazy covers not yet requested are not `complete`).
    for (const img of document.querySelectorAll<HTMLImageElement>(COVER)) {
      if (img.complete && img.naturalWidth === 0) mark(img, true);
    }
    return () => {
      document.removeEventListener("error", onImage, true);
      document.removeEventListener("load", onImage, true);
    };
  }, [failed]);
  return null;
}
