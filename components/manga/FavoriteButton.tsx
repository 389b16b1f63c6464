"use client";

import { lazy, Suspense, useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { useRouter } from "@/i18n/navigation";
import { useAuth } from "@/components/providers/use-auth";
import { rememberFavoriteIntent } from "@/lib/favorite-intent";
import { loginThen } from "@/lib/login-then";

/** The signed-in heart and the favourites data it needs (TanStack Query) load only for signed-in users. */
const SignedInFavorite = lazy(() => import("./SignedInFavorite"));

/**
 * The favourite heart (spec §2, §4): signed in, it flips at once and sends ToggleFavorite (undone silently on
 * failure); a visitor is sent to the login screen, which brings them to the manga's page afterwards, where the heart
 * adds the favourite they asked for (lib/favorite-intent.ts). A click made before the session (or the signed-in
 * heart) is ready is acted on as soon as it is.
 *
 * An island: `children` is the idle heart (HeartView without a handler) as the caller rendered it, on the server for
 * cards and previews, so a visitor's browser gets neither the heart's markup code nor its texts (ADR 010); a click on
 * it bubbles to the wrapper here. The signed-in heart takes its place once the session is known.
 */
export function FavoriteButton({ mangaId, variant = "icon", className = "", children }: {
  mangaId: number;
  variant?: "icon" | "full";
  className?: string;
  /** The idle heart: `<HeartView active={…} label={…} variant={variant} className={className} />`. */
  children: ReactNode;
}) {
  const router = useRouter();
  const { status } = useAuth();
  const waiting = useRef(false);
  const [queued, setQueued] = useState(false);
  useEffect(() => {
    if (!waiting.current || status !== "unauthenticated") return;
    waiting.current = false;
    signInFirst(mangaId, router);
  }, [status, router, mangaId]);
  const onIdleClick = (e: MouseEvent) => {
    if (!(e.target as Element).closest?.("button")) return;
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

  // `contents`: the wrapper draws no box, the heart is placed as if it were not there.
  const idle = <span className="contents" onClick={onIdleClick}>{children}</span>;
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
