import { icon } from "@/components/icons/icon";

/**
 * The kit's own icons (Lucide's shapes, ISC licence, as in components/icons). They live apart from
 * components/icons/ui.tsx so a public page that imports the header's icons does not ship these too.
 */
export const AlertCircle = icon(<><circle cx="12" cy="12" r="10" /><path d="M12 8v4" /><path d="M12 16h.01" /></>);
export const CheckCircle = icon(<><circle cx="12" cy="12" r="10" /><path d="m9 12 2 2 4-4" /></>);
export const InfoCircle = icon(<><circle cx="12" cy="12" r="10" /><path d="M12 16v-4" /><path d="M12 8h.01" /></>);
export const Eye = icon(<><path d="M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0" /><circle cx="12" cy="12" r="3" /></>);
export const EyeOff = icon(<><path d="M10.733 5.076a10.744 10.744 0 0 1 11.205 6.575 1 1 0 0 1 0 .696 10.747 10.747 0 0 1-1.444 2.49" /><path d="M14.084 14.158a3 3 0 0 1-4.242-4.242" /><path d="M17.479 17.499a10.75 10.75 0 0 1-15.417-5.151 1 1 0 0 1 0-.696 10.75 10.75 0 0 1 4.446-5.143" /><path d="m2 2 20 20" /></>);
export const Close = icon(<><path d="M18 6 6 18" /><path d="m6 6 12 12" /></>);
export const SortBoth = icon(<><path d="m21 16-4 4-4-4" /><path d="M17 20V4" /><path d="m3 8 4-4 4 4" /><path d="M7 4v16" /></>);
export const SortUp = icon(<><path d="m5 12 7-7 7 7" /><path d="M12 19V5" /></>);
export const SortDown = icon(<><path d="M12 5v14" /><path d="m19 12-7 7-7-7" /></>);
export const ChevronDown = icon(<path d="m6 9 6 6 6-6" />);
