"use client";

import { useEffect } from "react";
import { useRouter } from "@/i18n/navigation";
import { useAuth } from "@/components/providers/use-auth";

/** Spec §2: a signed-in user opening a public preview is sent to the dashboard's (replace, so Back skips it). */
export function SignedInRedirect({ to }: { to: string }) {
  const { status } = useAuth();
  const router = useRouter();
  useEffect(() => {
    if (status === "authenticated") router.replace(to);
  }, [status, to, router]);
  return null;
}
