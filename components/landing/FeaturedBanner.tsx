import { BookOpen } from "@/components/icons/content";
import { getTranslations } from "next-intl/server";
import { Link } from "@/i18n/navigation";
import { PreviewLink } from "@/components/manga/PreviewLink";
import type { FeaturedManga } from "@/server/settings/get-page-settings";
import { mediaSrcSet, mediaVariantUrl } from "@/lib/media-url";

/** Copies for phones to wide screens, and the stored banner itself (spec §9: 1600 px) for the widest. */
function bannerSrcSet(url: string): string | undefined {
  const copies = mediaSrcSet(url, [480, 720, 1080]);
  return copies && `${copies}, ${url} 1600w`;
}

/** The banner's height, shared with its skeleton (components/landing/Skeletons.tsx). */
export const BANNER_HEIGHT = "h-[21rem] sm:h-[22rem]";

/** Spec §2 featured banner: banner image, title, genre chips, description and a call to action to the preview. */
export async function FeaturedBanner({
  bannerUrl,
  manga,
  signedIn,
  priority = false,
}: {
  bannerUrl: string | null;
  manga: FeaturedManga | null;
  signedIn: boolean;
  /** Above the fold (discovery): load at once, it is the page's largest image. */
  priority?: boolean;
}) {
  if (!manga) return null;
  const t = await getTranslations("landing");
  const tg = await getTranslations("genres");
  const image = bannerUrl ?? manga.coverImageUrl;
  const cta = "inline-flex w-fit items-center gap-2 rounded-full bg-white px-5 py-2.5 text-sm font-bold text-zinc-900 transition hover:bg-brand-50";
  return (
    <section className="px-4 sm:px-6 lg:px-8" aria-labelledby="featured-title">
      <div className="relative isolate overflow-hidden rounded-3xl bg-zinc-900 text-white shadow-xl">
        {image && (
          // eslint-disable-next-line @next/next/no-img-element -- immutable media URL
          <img
            src={mediaVariantUrl(image, 1080)}
            srcSet={bannerSrcSet(image)}
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
          <span className="w-fit rounded-full bg-brand-600 px-3 py-1 text-xs font-bold uppercase tracking-wider">{t("featured")}</span>
          <h2 id="featured-title" dir="auto" className="line-clamp-2 text-3xl font-black leading-tight sm:text-4xl">{manga.title}</h2>
          {manga.genres.length > 0 && (
            <ul className="flex max-h-7 flex-wrap gap-2 overflow-hidden">
              {manga.genres.map((g) => (
                <li key={g} className="rounded-full border border-white/30 bg-white/10 px-3 py-1 text-xs font-semibold backdrop-blur">
                  {tg(g)}
                </li>
              ))}
            </ul>
          )}
          <p dir="auto" className="line-clamp-2 text-sm leading-7 text-zinc-200 sm:line-clamp-3 sm:text-base">{manga.description}</p>
          {signedIn ? (
            <Link href={`/dashboard/discovery/manga/${manga.id}`} className={cta}>
              <BookOpen className="size-4" aria-hidden />
              {t("readNow")}
            </Link>
          ) : (
            // Public pages stay cacheable: the link switches to the dashboard's preview once the session is known.
            <PreviewLink mangaId={manga.id} className={cta}>
              <BookOpen className="size-4" aria-hidden />
              {t("readNow")}
            </PreviewLink>
          )}
        </div>
      </div>
    </section>
  );
}
