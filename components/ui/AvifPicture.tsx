import type { ReactElement } from "react";

/**
 * An image of ours with its AVIF copies offered first (docs/decisions/024): a `<picture>` whose `<source
 * type="image/avif">` has the same `sizes` as the `<img>` it wraps, which keeps its WebP srcset for browsers without
 * AVIF. The `<picture>` is `display: contents`, so the layout is the image's alone. A page's largest image keeps
 * `fetchpriority="high"` on its `<img>` and is found by the preload scanner in the first HTML (React preloads a plain
 * `<img>` from the head, not one in a `<picture>`, and a preload hint from a server component is not hoisted).
 * Without copies (not our media) the image is drawn as it is.
 */
export function AvifPicture({ srcSet, sizes, children }: { srcSet: string | undefined; sizes: string; children: ReactElement }) {
  if (!srcSet) return children;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={srcSet} sizes={sizes} />
      {children}
    </picture>
  );
}
