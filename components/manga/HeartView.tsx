import { Heart } from "@/components/icons/ui";

// Off the kit on purpose: the kit's Button module would add ~600 B gzip to every public page's first load (issue 29; every public page is within a few hundred bytes of its budget, tests/e2e/page-weight.spec.ts).

/**
 * How a favourite heart looks: `icon` sits on a card's cover, `full` is the preview's labelled button. Without
 * `onClick` it is the idle heart a server renders inside FavoriteButton (the island handles its click).
 */
export function HeartView({ active, label, onClick, variant, className = "" }: {
  active: boolean;
  label: string;
  onClick?: () => void;
  variant: "icon" | "full";
  className?: string;
}) {
  if (variant === "full") {
    return (
      <button
        type="button"
        onClick={onClick}
        aria-pressed={active}
        data-favorite={active}
        className={`inline-flex items-center gap-2 rounded-full border px-5 py-3 font-semibold transition ${
          active
            ? "border-brand-600 bg-brand-50 text-brand-700 hover:bg-brand-100 dark:bg-brand-600/15 dark:text-brand-400"
            : "border-zinc-300 hover:border-brand-500 hover:text-brand-600 dark:border-zinc-700"
        } ${className}`}
      >
        <Heart className={`size-5 transition ${active ? "fill-current" : ""}`} aria-hidden />
        {label}
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={active}
      aria-label={label}
      title={label}
      data-favorite={active}
      className={`heart-icon ${active ? "heart-icon-on" : ""} ${className}`}
    >
      <Heart className={`size-4 ${active ? "fill-current" : ""}`} aria-hidden />
    </button>
  );
}
