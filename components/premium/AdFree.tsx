"use client";

import { createContext, useContext, type ReactNode } from "react";

const AdFreeContext = createContext(false);

/** Whether this reader reads without the sponsored overlay (a PremiumPlus subscriber; decided by the server). */
export function AdFreeProvider({ adFree, children }: { adFree: boolean; children: ReactNode }) {
  return <AdFreeContext.Provider value={adFree}>{children}</AdFreeContext.Provider>;
}

export const useAdFree = (): boolean => useContext(AdFreeContext);
