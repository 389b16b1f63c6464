"use client";

import { lazy, Suspense } from "react";
import { useAuth } from "@/components/providers/use-auth";
import { buttonClass } from "@/components/ui/button-styles";
import { Link } from "@/i18n/navigation";
import { loginThen } from "@/lib/login-then";

/** The signed-in button and the follows data it needs (TanStack Query) load only for signed-in users (ADR 010). */
const SignedInFollow = lazy(() => import("./SignedInFollow"));

/** The button's texts, from the server (the writer page and the dashboard preview pass `writers.*`). */
export interface FollowTexts {
  follow: string;
  following: string;
  /** The buttons' names with the writer's ("Follow {name}", "Following {name}: press to unfollow"). */
  followLabel: string;
  followingLabel: string;
  failed: string;
}

/**
 * Follow / Following for one writer (issue 34, item 4): a small island. A visitor (or a browser whose session is not
 * known yet) sees a link drawn as the kit's button to the login screen, which brings them back to `returnPath`; a
 * signed-in user gets the toggle, loaded lazily with its data. A writer sees no button on their own page.
 * `refresh`: re-render the server page after a change (the writer page's follower count).
 */
export function FollowButton({ writerId, texts, returnPath, refresh = false, size = "md" }: {
  writerId: number;
  texts: FollowTexts;
  returnPath: string;
  refresh?: boolean;
  /** `sm` beside a line of text (the dashboard preview's author), `md` as a page's action (the writer page). */
  size?: "sm" | "md";
}) {
  const { status, user } = useAuth();
  // While the session is not known yet, a click waits for the toggle rather than sending a signed-in user to log in.
  const idle = (
    <Link
      href={loginThen(returnPath)}
      className={buttonClass({ size })}
      data-testid="follow-button"
      aria-label={texts.followLabel}
      prefetch={false}
      onClick={(event) => status === "loading" && event.preventDefault()}
    >
      {texts.follow}
    </Link>
  );
  if (status !== "authenticated" || !user) return idle;
  if (user.id === writerId) return null;
  return (
    <Suspense fallback={idle}>
      <SignedInFollow writerId={writerId} texts={texts} refresh={refresh} size={size} />
    </Suspense>
  );
}
