"use client";

import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTexts } from "@/i18n/client";
import { useRouter } from "@/i18n/navigation";
import { loginThen } from "@/lib/login-then";
import { useAuth } from "@/components/providers/use-auth";
import { icon } from "@/components/icons/icon";

/** Drawn by ../icons' helper, not lucide-react: on the public preview it was the one icon that loaded lucide's runtime (ADR 010). */
const Flag = icon(
  <path d="M4 22V4a1 1 0 0 1 .4-.8A6 6 0 0 1 8 2c3 0 5 2 7.333 2q2 0 3.067-.8A1 1 0 0 1 20 4v10a1 1 0 0 1-.4.8A6 6 0 0 1 16 16c-3 0-5-2-8-2a6 6 0 0 0-4 1.528" />,
);

/** The dialog (form, schema, validation) loads only when someone opens it: the reader's and preview's bundles stay small. */
const ReportDialog = lazy(() => import("./ReportDialog"));

export interface ReportTarget {
  mangaId: number;
  chapterId?: number | null;
  /** The manga's title, or the chapter's title when the target is a chapter. */
  title: string;
}

const STYLES = {
  /** The preview's outlined pill beside the heart. */
  preview:
    "inline-flex h-12 items-center gap-2 rounded-full border border-zinc-300 px-5 font-semibold text-zinc-700 transition hover:border-red-400 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-disabled:cursor-default aria-disabled:hover:border-zinc-300 aria-disabled:hover:bg-transparent aria-disabled:hover:text-zinc-700 dark:aria-disabled:hover:border-zinc-700 dark:aria-disabled:hover:text-zinc-200 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-red-500/10 dark:hover:text-red-300",
  /** The reader's square header button (icon only; the name is its label). */
  reader:
    "grid size-10 shrink-0 place-items-center rounded-xl text-zinc-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 aria-disabled:cursor-default aria-disabled:hover:bg-transparent",
} as const;

/**
 * "Report" (issue 15, beyond the spec) for a manga (preview) or the chapter being read (reader). A visitor is sent to
 * sign in; a member gets the report dialog, after which the button says "Reported" for this page. A short thank-you
 * is announced in a polite live region.
 */
export function ReportButton({ target, variant }: { target: ReportTarget; variant: keyof typeof STYLES }) {
  const t = useTexts("reports");
  const router = useRouter();
  const { status } = useAuth();
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState(false);
  const [message, setMessage] = useState("");
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(""), 5000);
    return () => clearTimeout(timer);
  }, [message]);

  const chapter = target.chapterId !== undefined && target.chapterId !== null;
  const name = reported ? t("reportedLabel") : status === "unauthenticated" ? t("signInToReport") : chapter ? t("reportChapter") : t("reportManga");
  const onClick = () => {
    if (reported) return;
    if (status === "unauthenticated") {
      // Back to what they were reporting once signed in (issue 31): the chapter in the reader, or the manga's page.
      router.push(loginThen(chapter ? `/manga-reader/${target.mangaId}/${target.chapterId}` : `/dashboard/discovery/manga/${target.mangaId}`));
      return;
    }
    if (status === "authenticated") setOpen(true);
  };
  const onDone = (outcome: "sent" | "already" | "cancelled") => {
    setOpen(false);
    if (outcome !== "cancelled") {
      setReported(true);
      setMessage(outcome === "sent" ? t("success") : t("already"));
    }
    buttonRef.current?.focus();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        onClick={onClick}
        aria-disabled={reported || undefined}
        aria-label={variant === "reader" ? name : undefined}
        title={variant === "reader" ? name : undefined}
        aria-haspopup={reported ? undefined : "dialog"}
        data-testid="report-button"
        data-reported={reported || undefined}
        className={STYLES[variant]}
      >
        <Flag className={`size-5 ${reported ? "fill-current text-red-500" : ""}`} aria-hidden />
        {variant === "preview" && <span>{reported ? t("reported") : t("button")}</span>}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog target={target} onDone={onDone} />
        </Suspense>
      )}
      <div
        role="status"
        aria-live="polite"
        data-testid="report-toast"
        className={`fixed inset-x-4 bottom-4 z-[60] mx-auto max-w-sm rounded-2xl bg-zinc-900 px-4 py-3 text-sm font-medium text-white shadow-2xl ring-1 ring-white/10 transition dark:bg-zinc-100 dark:text-zinc-900 ${message ? "opacity-100" : "pointer-events-none opacity-0"}`}
      >
        {message}
      </div>
    </>
  );
}
