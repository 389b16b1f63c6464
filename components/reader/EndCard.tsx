"use client";

import { useEffect, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { ArrowLeft, ArrowRight, BookOpenCheck, CalendarClock, RotateCcw } from "lucide-react";
import { Link } from "@/i18n/navigation";
import { useTexts } from "@/i18n/client";
import { Button, buttonClass } from "@/components/ui/Button";
import { FavoriteButton } from "@/components/manga/FavoriteButton";
import { HeartView } from "@/components/manga/HeartView";
import { cx } from "@/components/ui/cx";
import { isolate } from "@/lib/bidi";
import { directionOf, isLocale } from "@/i18n/routing";
import { releaseIn } from "./reader-logic";
import { chapterTag } from "./reader-utils";
import { useHydrated } from "./use-media-query";

const endHeart = "!border-white/15 !py-2 text-sm";

/**
 * Beyond the spec: the end-of-chapter card. The next chapter's route and first page are prefetched by the
 * reader (so opening it is instant); a favourite button; back to the title; or read again.
 */
export function EndCard(props: {
  mangaId: number;
  chapterTitle: string;
  next: { id: number; title: string; index: number } | null;
  titleHref: string;
  onRestart: () => void;
  rtlArrows: boolean;
  /** When the next scheduled chapter comes out (ISO instant), shown as the time until then when there is no next chapter yet. */
  nextRelease: string | null;
}) {
  const { mangaId, chapterTitle, next, titleHref, onRestart, rtlArrows, nextRelease } = props;
  const t = useTranslations("reader");
  // The texts the heart used before it became an island (the reader layout's TextsProvider).
  const tm = useTexts("manga");
  const Forward = rtlArrows ? ArrowLeft : ArrowRight;
  const locale = useLocale();
  return (
    // The page's direction: the page area around it is left to right (its pages are laid out by the reading direction).
    <section dir={isLocale(locale) ? directionOf(locale) : undefined} data-testid="end-card" aria-labelledby="end-card-title" className="dark mx-auto my-6 w-full max-w-md rounded-3xl border border-white/10 bg-zinc-900/90 p-6 text-center text-zinc-100 shadow-2xl">
      <BookOpenCheck className="mx-auto size-10 text-brand-500" aria-hidden />
      <h2 id="end-card-title" className="mt-3 text-xl font-black">{t("endTitle")}</h2>
      <p className="mt-1 text-sm text-zinc-400">{t("endText", { title: isolate(chapterTitle) })}</p>
      {next ? (
        <Link
          href={`/manga-reader/${mangaId}/${next.id}`}
          prefetch
          data-testid="next-chapter"
          className={cx(buttonClass({ size: "lg", full: true }), "mt-5 h-auto justify-between gap-3 py-3.5 text-start")}
        >
          <span className="min-w-0">
            <span className="block text-xs font-semibold uppercase tracking-wide text-white/70">{t("nextChapter")}</span>
            <span className="block truncate">
              {chapterTag(next.index)} <bdi>{next.title}</bdi>
            </span>
          </span>
          <Forward className="size-5 shrink-0" aria-hidden />
        </Link>
      ) : (
        <>
          <p className="mt-5 rounded-2xl bg-white/5 px-4 py-3 text-sm text-zinc-300">{t("caughtUp")}</p>
          {nextRelease && <NextRelease at={nextRelease} />}
        </>
      )}
      <div className="mt-4 flex flex-wrap items-center justify-center gap-2">
        <FavoriteButton mangaId={mangaId} variant="full" className={endHeart}>
          <HeartView active={false} label={tm("addFavorite")} variant="full" className={endHeart} />
        </FavoriteButton>
        <Link href={titleHref} className={buttonClass({ variant: "secondary", size: "sm" })}>
          {t("backToManga")}
        </Link>
        <Button variant="ghost" size="sm" onClick={onRestart} icon={<RotateCcw className="size-4" aria-hidden />}>
          {t("readAgain")}
        </Button>
      </div>
    </section>
  );
}

/**
 * "Next chapter in 3 days": the time until the next scheduled chapter, in the page's language (Intl.RelativeTimeFormat),
 * from the browser's clock once hydrated (the server's HTML has no clock of the reader's), kept current each minute.
 */
function NextRelease({ at }: { at: string }) {
  const t = useTranslations("reader");
  const locale = useLocale();
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const left = hydrated ? releaseIn(Date.parse(at) - now) : null;
  if (!left) return null;
  const when = new Intl.RelativeTimeFormat(locale, { numeric: "always" }).format(left.value, left.unit);
  return (
    <p data-testid="next-release" className="mt-3 inline-flex items-center gap-2 text-sm font-semibold text-brand-400">
      <CalendarClock className="size-4" aria-hidden />
      <time dateTime={at}>{t("nextRelease", { when })}</time>
    </p>
  );
}
