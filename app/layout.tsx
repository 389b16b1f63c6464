import type { ReactNode } from "react";

/** The real document shell is app/[locale]/layout.tsx; this root only exists for app/not-found.tsx. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
