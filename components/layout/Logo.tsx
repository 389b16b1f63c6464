import { Link } from "@/i18n/navigation";

export function Logo({ label }: { label: string }) {
  return (
    <Link href="/" className="flex shrink-0 items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-brand-500" aria-label={label}>
      <svg viewBox="0 0 64 64" className="size-9" aria-hidden="true">
        <rect width="64" height="64" rx="14" className="fill-brand-600" />
        <path d="M16 46V18h7l9 14 9-14h7v28h-7V30l-9 13-9-13v16z" fill="#fff" />
      </svg>
      <span className="text-lg font-extrabold tracking-tight">{label}</span>
    </Link>
  );
}
