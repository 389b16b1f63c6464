import { ArrowRight, Sparkles } from "@/components/icons/content";
import { Link } from "@/i18n/navigation";
import { buttonClass } from "@/components/ui/Button";
import type { MangaCardData } from "@/components/manga/MangaCard";
import { mediaSrcSet, mediaVariantUrl } from "@/lib/media-url";
import { AvifPicture } from "@/components/ui/AvifPicture";

const CTA_CLASS = `mt-8 ${buttonClass({ size: "lg", pill: true })}`;

/**
 * Landing hero (spec §2): title, description and a call to action to /discovery, with a fan of covers.
 * `preview` (the site-settings editor's live preview) draws the same without a page heading or a link.
 */
export function Hero({
  title,
  description,
  cta,
  covers,
  tagline,
  preview = false,
}: {
  title: string;
  description: string;
  cta: string;
  covers: MangaCardData[];
  tagline: string;
  preview?: boolean;
}) {
  const fan = covers.filter((c) => c.coverImageUrl).slice(0, 3);
  const Title = preview ? "p" : "h1";
  const ctaContent = (
    <>
      {cta}
      <ArrowRight className="size-5 rtl:rotate-180" aria-hidden />
    </>
  );
  return (
    <section className="relative isolate overflow-hidden px-4 pb-12 pt-10 sm:px-6 sm:pt-16 lg:px-8">
      <div aria-hidden className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_left,var(--color-rose-200),transparent_55%),radial-gradient(ellipse_at_bottom_right,var(--color-amber-100),transparent_50%)] opacity-70 dark:bg-[radial-gradient(ellipse_at_top_left,var(--color-rose-950),transparent_55%),radial-gradient(ellipse_at_bottom_right,var(--color-zinc-900),transparent_50%)] dark:opacity-100" />
      <div className="grid items-center gap-10 lg:grid-cols-[1.1fr_1fr]">
        <div className="max-w-2xl">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/70 px-3 py-1 text-xs font-bold text-brand-700 ring-1 ring-brand-600/20 backdrop-blur dark:bg-zinc-900/70 dark:text-brand-400">
            <Sparkles className="size-3.5" aria-hidden />
            {tagline}
          </p>
          <Title dir="auto" className="mt-5 text-4xl font-black leading-[1.1] tracking-tight text-balance break-words sm:text-5xl lg:text-6xl">{title}</Title>
          <p dir="auto" className="mt-5 max-w-xl text-base leading-8 break-words text-zinc-600 sm:text-lg dark:text-zinc-300">{description}</p>
          {preview ? (
            <span className={CTA_CLASS}>{ctaContent}</span>
          ) : (
            <Link href="/discovery" className={CTA_CLASS}>
              {ctaContent}
            </Link>
          )}
        </div>
        {fan.length === 3 && (
          <div aria-hidden className="relative mx-auto hidden h-[26rem] w-full max-w-md sm:block">
            {fan.map((c, i) => (
              <AvifPicture key={c.id} srcSet={mediaSrcSet(c.coverImageUrl!, [320, 480], "avif")} sizes="230px">
                {/* eslint-disable-next-line @next/next/no-img-element -- immutable media URL */}
                <img
                  src={mediaVariantUrl(c.coverImageUrl!, 480)}
                  srcSet={mediaSrcSet(c.coverImageUrl!, [320, 480])}
                  sizes="230px"
                  alt=""
                  width={600}
                  height={900}
                  // Hidden on phones, where a lazy image is never fetched; in view at once on wider screens.
                  loading="lazy"
                  decoding="async"
                  className={`absolute top-1/2 w-52 -translate-y-1/2 rounded-2xl shadow-2xl ring-1 ring-black/10 ${
                    i === 0 ? "start-0 -rotate-6" : i === 1 ? "start-1/2 z-10 -translate-x-1/2 rtl:translate-x-1/2 scale-110" : "end-0 rotate-6"
                  }`}
                />
              </AvifPicture>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
