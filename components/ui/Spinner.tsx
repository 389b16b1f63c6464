export function Spinner({ label, className = "" }: { label: string; className?: string }) {
  return (
    <div role="status" className={`flex flex-col items-center justify-center gap-3 py-16 text-zinc-500 ${className}`}>
      <span aria-hidden className="size-10 animate-spin rounded-full border-4 border-zinc-200 border-t-brand-600 dark:border-zinc-700 dark:border-t-brand-500" />
      <span className="text-sm">{label}</span>
    </div>
  );
}
