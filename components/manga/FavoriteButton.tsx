"use client";

import { useTexts } from "@/i18n/client";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useRouter } from "@/i18n/navigation";
import { useAuth } from "@/components/providers/use-auth";
import { rememberFavoriteIntent } from "@/lib/favorite-intent";
import { loginThen } from "@/lib/login-then";
import { HeartView } from "./HeartView";

/** The signed-in heart and the favourites data it needs (TanStack Query) load only for signed-in users. */
const SignedInFavorite = lazy(() => import("./SignedInFavorite"));

/**
 * The favourite heart (spec §2, §4): signed in, it flips at once and sends ToggleFavorite (undone silently on
 * failure); a visitor is sent to the login screen, which brings them to the manga's page afterwards, where the heart
 * adds the favourite they asked for (lib/favorite-intent.ts). A click made before the session (or the signed-in
 * heart) is ready is acted on as soon as it is.
 */
export function FavoriteButton({ mangaId, variant = "icon", className = "", initialActive = false }: {
  mangaId: number;
  variant?: "icon" | "full";
  className?: string;
  /** What the server knows (the favourites page: every card is one), shown until the signed-in heart takes over. */
  initialActive?: boolean;
}) {
  const t = useTexts("manga");
  const router = useRouter();
  const { status } = useAuth();
  const waiting = useRef(false);
  const [queued, setQueued] = useState(false);
  useEffect(() => {
    if (!waiting.current || status !== "unauthenticated") return;
    waiting.current = false;
    signInFirst(mangaId, router);
  }, [status, router, mangaId]);
  const onIdleClick = () => {
    if (status === "unauthenticated") {
      signInFirst(mangaId, router);
      return;
    }
    waiting.current = true;
    setQueued(true);
  };
  const onClicked = useCallback(() => {
    waiting.current = false;
    setQueued(false);
  }, []);

  const idle = (
    <HeartView active={initialActive} label={initialActive ? t("removeFavorite") : t("addFavorite")} onClick={onIdleClick} variant={variant} className={className} />
  );
  if (status !== "authenticated") return idle;
  return (
    <Suspense fallback={idle}>
      <SignedInFavorite mangaId={mangaId} variant={variant} className={className} clickNow={queued} onClicked={onClicked} />
    </Suspense>
  );
}

function signInFirst(mangaId: number, router: ReturnType<typeof useRouter>): void {
  rememberFavoriteIntent(mangaId);
  router.push(loginThen(`/dashboard/discovery/manga/${mangaId}`));
}
