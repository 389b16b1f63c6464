"use client";

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useSearchParams } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { ArrowLeft, BookOpen, Download, Trash2, WifiOff } from "lucide-react";
import { Link } from "@/i18n/navigation";
import { isolate } from "@/lib/bidi";
import { Badge } from "@/components/ui/Badge";
import { Banner, type BannerTone } from "@/components/ui/Banner";
import { Button } from "@/components/ui/Button";
import { useAuth } from "@/components/providers/use-auth";
import { useApi } from "@/components/providers/use-api";
import { formatBytes, recordBytes, totalBytes, type OfflineRecord } from "@/lib/offline/offline-logic";
import { flushProgress, loadRecords, queuedCount, registerServiceWorker, removeRecord, saveChapter, SaveError, type SaveFailure, type SaveProgress } from "./offline-store";
import { OfflineReader } from "./OfflineReader";

const ID = /^[1-9]\d{0,8}$/;

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}
const idOf = (value: string | null) => (value !== null && ID.test(value) ? Number(value) : null);

const FAILURE_TEXT: Record<SaveFailure, "errorPremium" | "errorNotFound" | "errorNoPages" | "errorSpace" | "errorNetwork" | "errorExpired"> = {
  premium: "errorPremium",
  notFound: "errorNotFound",
  noPages: "errorNoPages",
  space: "errorSpace",
  network: "errorNetwork",
  expired: "errorExpired",
};

/** The data saver choice of the reader (components/reader/storage.ts `readerPrefs`), read only. */
function dataSaverOn(): boolean {
  try {
    const prefs = JSON.parse(localStorage.getItem("readerPrefs") ?? "null") as { dataSaver?: unknown } | null;
    return prefs?.dataSaver === true;
  } catch {
    return false;
  }
}

/**
 * The offline page (issue 32, item 6): saves the chapter named in `?save=` (with its progress, then its size), lists the
 * saved chapters with their sizes and the total, opens one in the reader (`?read=`) and removes them. It registers the
 * service worker that keeps this page for when the network is away, and sends progress read offline when it is back.
 */
export function OfflineLibrary() {
  const t = useTranslations("offline");
  const locale = useLocale();
  const params = useSearchParams();
  const readId = idOf(params.get("read"));
  const saveId = idOf(params.get("save"));
  const saveManga = idOf(params.get("manga"));
  const auth = useAuth();
  const call = useApi();
  const [records, setRecords] = useState<OfflineRecord[] | null>(null);
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  const [shell, setShell] = useState<"pending" | "ready" | "unsupported">("pending");
  const [saving, setSaving] = useState<SaveProgress | null>(null);
  const [notice, setNotice] = useState<{ tone: BannerTone; text: string } | null>(null);
  const [pending, setPending] = useState(0);
  const started = useRef(false);

  const refresh = useCallback(() => loadRecords().then(setRecords), []);
  const flush = useCallback(() => flushProgress().then(() => setPending(queuedCount())), []);

  useEffect(() => {
    void refresh();
    void registerServiceWorker().then((reg) => setShell(reg ? "ready" : "unsupported"));
    void flush();
    // Progress read offline goes as soon as the network is back.
    const goesOnline = () => void flush();
    window.addEventListener("online", goesOnline);
    return () => window.removeEventListener("online", goesOnline);
  }, [refresh, flush]);

  // Saving what `?save=` names, once the session is known (a subscriber's premium chapter needs their token).
  useEffect(() => {
    if (started.current || saveId === null || saveManga === null || records === null || auth.status === "loading") return;
    started.current = true;
    // A reload does not save it again.
    window.history.replaceState(null, "", window.location.pathname);
    const controller = new AbortController();
    const device = { viewportWidth: window.innerWidth, dpr: window.devicePixelRatio || 1, dataSaver: dataSaverOn() };
    void Promise.resolve()
      .then(() => {
        setNotice(null);
        setSaving({ title: "", done: 0, total: 0, bytes: 0 });
        return saveChapter({ call, mangaId: saveManga, chapterId: saveId, username: auth.user?.username ?? null, device, onProgress: setSaving, signal: controller.signal });
      })
      .then((record) => setNotice({ tone: "success", text: t("saved", { chapter: isolate(record.chapterTitle), size: formatBytes(recordBytes(record), locale) }) }))
      .catch((error: unknown) => setNotice({ tone: "error", text: t(FAILURE_TEXT[error instanceof SaveError ? error.reason : "network"]) }))
      .finally(() => {
        setSaving(null);
        void refresh();
      });
  }, [saveId, saveManga, records, auth.status, auth.user, call, t, locale, refresh]);

  const remove = async (record: OfflineRecord) => {
    setRecords(await removeRecord(record.chapterId));
    setNotice({ tone: "success", text: t("removed", { chapter: isolate(record.chapterTitle), size: formatBytes(recordBytes(record), locale) }) });
  };

  const reading = readId !== null ? records?.find((r) => r.chapterId === readId) : undefined;
  if (reading) return <OfflineReader key={reading.chapterId} record={reading} />;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 sm:px-6" data-testid="offline-page" data-shell={shell}>
      <header className="flex items-center gap-3">
        <Link href="/" className="inline-flex h-10 items-center gap-2 rounded-xl px-2.5 text-sm font-semibold text-zinc-300 hover:bg-white/10 hover:text-white">
          <ArrowLeft className="size-5 rtl:rotate-180" aria-hidden />
          {t("home")}
        </Link>
      </header>
      <main className="flex flex-col gap-5">
        <div>
          <h1 className="text-2xl font-black tracking-tight sm:text-3xl">{t("title")}</h1>
          <p className="mt-1 text-sm text-zinc-400">{t("intro")}</p>
        </div>
        {!online && (
          <Banner tone="info" testId="offline-now">
            <span className="inline-flex items-center gap-2"><WifiOff className="size-4" aria-hidden />{t("offlineNow")}</span>
          </Banner>
        )}
        {shell === "unsupported" && <Banner tone="info">{t("unsupported")}</Banner>}
        {saving && <SavingCard progress={saving} />}
        {notice && <Banner tone={notice.tone} testId="offline-notice">{notice.text}</Banner>}
        {records !== null && (
          <Library
            records={records}
            locale={locale}
            pending={pending}
            onRead={(r) => window.history.pushState(null, "", `?read=${r.chapterId}`)}
            onRemove={(r) => void remove(r)}
          />
        )}
        {shell === "ready" && <p className="text-xs text-zinc-400" data-testid="offline-ready">{t("ready")}</p>}
      </main>
    </div>
  );
}

/** A save under way: the chapter, pages so far and their size, with a progress bar. */
function SavingCard({ progress }: { progress: SaveProgress }) {
  const t = useTranslations("offline");
  const locale = useLocale();
  const label = progress.title ? t("saving", { chapter: progress.title }) : t("opening");
  return (
    <section className="rounded-2xl border border-white/10 bg-zinc-900 p-4" data-testid="offline-saving" aria-live="polite">
      <p className="flex items-center gap-2 text-sm font-semibold text-white">
        <Download className="size-4 text-brand-400" aria-hidden />
        <span dir="auto">{label}</span>
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={Math.max(1, progress.total)}
        aria-valuenow={progress.done}
        className="mt-3 h-2 overflow-hidden rounded-full bg-white/10"
      >
        <div className="h-full rounded-full bg-brand-500 transition-[width]" style={{ width: `${progress.total ? (100 * progress.done) / progress.total : 0}%` }} />
      </div>
      {progress.total > 0 && (
        <p className="mt-2 text-xs text-zinc-400" data-testid="offline-saving-progress">
          {t("savingProgress", { done: progress.done, total: progress.total, size: formatBytes(progress.bytes, locale) })}
        </p>
      )}
    </section>
  );
}

/** The saved chapters: title, chapter, size, date saved (and a premium copy's end), Read and Remove; the total used. */
function Library({ records, locale, pending, onRead, onRemove }: {
  records: readonly OfflineRecord[];
  locale: string;
  pending: number;
  onRead: (record: OfflineRecord) => void;
  onRemove: (record: OfflineRecord) => void;
}) {
  const t = useTranslations("offline");
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <>
      <p className="text-sm font-semibold text-zinc-300" data-testid="offline-total">
        {t("totalUsed", { size: formatBytes(totalBytes(records), locale), count: records.length })}
      </p>
      {pending > 0 && <p className="text-xs text-amber-300" data-testid="offline-pending">{t("pendingProgress", { count: pending })}</p>}
      {records.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-white/15 p-6 text-center text-sm text-zinc-400" data-testid="offline-empty">{t("empty")}</p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="offline-list">
          {records.map((r) => (
            <li key={r.chapterId} data-testid="offline-item" data-chapter={r.chapterId} className="flex flex-col gap-3 rounded-2xl border border-white/10 bg-zinc-900 p-4 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p dir="auto" className="truncate text-xs font-semibold text-zinc-400">{r.mangaTitle}</p>
                <p dir="auto" className="truncate font-bold text-white" data-testid="offline-item-title">{r.chapterTitle}</p>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-400">
                  <span><span className="sr-only">{t("size")}: </span><span data-testid="offline-item-size">{formatBytes(recordBytes(r), locale)}</span></span>
                  <span>{t("savedOn", { date: date.format(new Date(r.savedAt)) })}</span>
                  {r.isPremium && <Badge tone="amber">{t("premium")}</Badge>}
                  {r.expiresAt !== null && <span data-testid="offline-item-expires">{t("expiresOn", { date: date.format(new Date(r.expiresAt)) })}</span>}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button size="sm" icon={<BookOpen aria-hidden />} onClick={() => onRead(r)} data-testid="offline-read">
                  {t("read")}<span className="sr-only">: {r.chapterTitle}</span>
                </Button>
                <Button size="sm" variant="secondary" icon={<Trash2 aria-hidden />} onClick={() => onRemove(r)} data-testid="offline-remove">
                  {t("remove")}<span className="sr-only">: {r.chapterTitle}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
