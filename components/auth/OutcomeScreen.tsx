"use client";

import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button, buttonClass } from "@/components/ui/Button";
import { ScreenHeading } from "./ScreenHeading";

/**
 * One state of a page opened from a mailed link (verify the address, confirm a new one): the heading with its icon and
 * text, then its actions in a row (a column on phones). `status` marks the waiting state as a live region.
 */
export function OutcomeScreen({
  icon,
  title,
  tone,
  spin,
  status = false,
  testId,
  children,
  actions,
}: {
  icon: LucideIcon;
  title: string;
  tone?: "brand" | "success" | "warning" | "danger";
  spin?: boolean;
  status?: boolean;
  testId?: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col gap-7 py-8" data-testid={testId} {...(status ? { role: "status", "aria-live": "polite" as const } : {})}>
      <ScreenHeading icon={icon} title={title} tone={tone} spin={spin}>
        {children}
      </ScreenHeading>
      {actions && <div className="flex flex-col justify-center gap-3 sm:flex-row">{actions}</div>}
    </div>
  );
}

/** A link drawn as one of the outcome's buttons (full width on phones). */
export const outcomeLinkClass = (variant: "primary" | "secondary") => `${buttonClass({ variant, full: true })} sm:w-auto sm:min-w-44`;

/** "Try again": loads the page again, which spends the link's token again. */
export function TryAgainButton({ label }: { label: string }) {
  return (
    <Button full onClick={() => window.location.reload()} className="sm:w-auto sm:min-w-44">
      {label}
    </Button>
  );
}
