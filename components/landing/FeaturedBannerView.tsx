import type { ReactNode } from "react";
import { BookOpen } from "@/components/icons/content";
import type { Genre } from "@/lib/enums";
import type { FeaturedManga } from "@/server/settings/get-page-settings";
import { Badge } from "@/components/ui/Badge";
import { mediaSrcSet, mediaVariantUrl } from "@/lib/media-url";

/** Copies for phones to wide screens, and the stored banner itself (spec §9: 1600 px) for the widest. */
function bannerSrcSet(url: string): string | undefined {
  const copies = mediaSrcSet(url, [480, 720, 1080]);
  return copies && `${copies}, ${url} 1600w`;
}

/** The banner's height, shared with its skeleton (components/landing/Skeletons.tsx). */
export const BANNER_HEIGHT = "h-[21rem] sm:h-[22rem]";

export const FEATURED_CTA_CLASS =
  "inline-flex w-fit items-center gap-2 rounded-full bg-white px-5 py-2.5 text-sm font-bold text-zinc-900 transition hover:bg-brand-50";

/**
 * The featured banner as drawn (spec §2): banner image, title, genre chips, description and a call to action. Pure
 * markup, so the server's FeaturedBanner and the site-settings editor's live preview draw the same thing.
 * `link` wraps the call to action's content (a link on the site; a plain span in the preview, `preview`).
 */
export function FeaturedBannerView({
  manga,
  bannerUrl,
  labels,
  link,
  priority = false,
  preview = false,
}: {
  manga: FeaturedManga;
  /** The banner, or null for the manga's cover; a `blob:` URL (the editor's unsaved crop) is drawn as is. */
  bannerUrl: string | null;
  labels: { featured: string; readNow: string; genre: (genre: Genre) => string };
  link?: (children: ReactNode) => ReactNode;
  priority?: boolean;
  preview?: boolean;
}) {
  const image = bannerUrl ?? manga.coverImageUrl;
  const local = image?.startsWith("blob:") || image?.startsWith("data:");
  const cta = (
    <>
      <BookOpen className="size-4" aria-hidden />
      {labels.readNow}
    </>
  );
  const Title = preview ? "p" : "h2";
  return (
    <section className="px-4 sm:px-6 lg:px-8" aria-labelledby={preview ? undefined : "featured-title"} data-testid={preview ? "preview-banner" : undefined}>
      <div className="relative isolate overflow-hidden rounded-3xl bg-zinc-900 text-white shadow-xl">
        {image && (
          // eslint-disable-next-line @next/next/no-img-element -- immutable media URL (or the editor's local crop)
          <img
            src={local ? image : mediaVariantUrl(image, 1080)}
            srcSet={local ? undefined : bannerSrcSet(image)}
            sizes="(min-width: 1800px) 1736px, calc(100vw - 2rem)"
            alt=""
            width={1600}
            height={600} loading={priority ? "eager" : "lazy"} fetchPriority={priority ? "high" : "auto"}
            decoding={priority ? "sync" : "async"}
            className="absolute inset-0 -z-10 size-full object-cover opacity-70"
          />
        )}
        <div className="absolute inset-0 -z-10 bg-gradient-to-r from-black/90 via-black/60 to-transparent rtl:bg-gradient-to-l" />
        {/* A fixed height (the skeleton's), whatever the text and fonts do, so nothing below moves when it arrives. */}
        <div className={`flex ${BANNER_HEIGHT} max-w-2xl flex-col justify-center gap-3 overflow-hidden p-6 sm:gap-4 sm:p-10`}>
          <Badge tone="brandSolid" className="w-fit px-3 py-1 uppercase tracking-wider">{labels.featured}</Badge>
          <Title id={preview ? undefined : "featured-title"} dir="auto" className="line-clamp-2 text-3xl font-black leading-tight sm:text-4xl">{manga.title}</Title>
          {manga.genres.length > 0 && (
            <ul className="flex max-h-7 flex-wrap gap-2 overflow-hidden">
              {manga.genres.map((g) => (
                <li key={g} className="rounded-full border border-white/30 bg-white/10 px-3 py-1 text-xs font-semibold backdrop-blur">
                  {labels.genre(g)}
                </li>
              ))}
            </ul>
          )}
          <p dir="auto" className="line-clamp-2 text-sm leading-7 text-zinc-200 sm:line-clamp-3 sm:text-base">{manga.description}</p>
          {link ? link(cta) : <span className={FEATURED_CTA_CLASS}>{cta}</span>}
        </div>
      </div>
    </section>
  );
}
