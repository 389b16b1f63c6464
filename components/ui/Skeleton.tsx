import { cx } from "./cx";

/**
 * A grey block standing in for content that is loading, the size of what will come (no jump when it arrives).
 * Decorative: the region that loads says so itself (aria-busy, or a Spinner's status text).
 */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden className={cx("block animate-pulse rounded-lg bg-zinc-200 motion-reduce:animate-none dark:bg-zinc-800", className)} />;
}

/** Lines of text loading: `lines` bars, the last one shorter. */
export function SkeletonText({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <span aria-hidden className={cx("flex flex-col gap-2", className)}>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className={cx("h-3.5", i === lines - 1 ? "w-2/3" : "w-full")} />
      ))}
    </span>
  );
}
