"use client";

import type { ComponentProps } from "react";
import { Link } from "@/i18n/navigation";
import { useAuth } from "@/components/providers/use-auth";

/**
 * A link to a manga preview that goes to the dashboard's preview once the browser knows the user is signed in
 * (spec §2). Public pages stay cacheable: the server always renders the public address, and the first client
 * render matches it (the session is still loading then).
 */
export function PreviewLink({ mangaId, ...props }: Omit<ComponentProps<typeof Link>, "href"> & { mangaId: number }) {
  const signedIn = useAuth().status === "authenticated";
  // Prefetched on hover or focus only (the site's Link): a page shows dozens of cards.
  return <Link {...props} href={`${signedIn ? "/dashboard" : ""}/discovery/manga/${mangaId}`} />;
}
