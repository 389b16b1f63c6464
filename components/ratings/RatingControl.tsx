"use client";

import { lazy, Suspense, type ReactNode } from "react";
import { useAuth } from "@/components/providers/use-auth";

/** The signed-in control and its TanStack Query code load only for signed-in users (as the favourite heart's). */
const SignedInRating = lazy(() => import("./SignedInRating"));

/**
 * The preview's rating control (docs/decisions/028), an island: `children` is what the server rendered (the counted
 * mean and count); once the session is known to be signed in, the control replaces it, showing my score as ten radio
 * buttons, changing and removing it. Visitors never get here: the public preview renders a plain "Rate this title"
 * link to the login screen instead, so its first load carries none of this.
 */
export function RatingControl({ mangaId, children }: { mangaId: number; children: ReactNode }) {
  const { status } = useAuth();
  if (status !== "authenticated") return <>{children}</>;
  return (
    <Suspense fallback={children}>
      <SignedInRating mangaId={mangaId} fallback={children} />
    </Suspense>
  );
}
