import type { ReactNode } from "react";

/**
 * The public pages' icons: plain SVG, drawn the same way on the server and in the browser. lucide-react's icons are
 * client components (its Icon module is "use client"), so every icon on a page, even one a server component draws,
 * brought its runtime into the page's first load and its props into the page payload (ADR 010). The dashboard, auth
 * and reader screens, client-heavy anyway, still use lucide-react. Shapes from Lucide (lucide.dev, ISC licence,
 * Copyright (c) Lucide Icons and Contributors): 24×24, stroked with the current colour. ./ui.tsx holds what client
 * components draw, ./content.tsx what only server components draw.
 */
export interface IconProps {
  className?: string;
  /** A meaningful icon is labelled (role img); otherwise it is hidden from assistive technology. */
  "aria-label"?: string;
  "aria-hidden"?: boolean | "true" | "false";
}
export type IconComponent = (props: IconProps) => ReactNode;

/** An icon component drawing these shapes. */
export function icon(shapes: ReactNode): IconComponent {
  return function Icon({ className, "aria-label": label }: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className}
        {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
      >
        {shapes}
      </svg>
    );
  };
}
