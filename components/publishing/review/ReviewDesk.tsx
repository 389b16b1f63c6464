"use client";

import { useTranslations } from "next-intl";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { toast } from "react-toastify";
import { useApi, type BoundApiRequest } from "@/components/providers/use-api";
import { useRouter } from "@/i18n/navigation";
import { isApiError } from "@/lib/api-client";
import { DecisionDialog, type DialogMode } from "./DecisionDialog";
import { isTypingTarget } from "./keyboard";

/** Something root decides on: the manga or one of its chapters. */
export interface ReviewSubject {
  kind: "manga" | "chapter";
  id: number;
  /** What the dialog, toasts and shortcut line call it ("Tidebreakers", "Chapter 2: The Deep"). */
  label: string;
  /** Title alone, for the delete warning. */
  title: string;
  number?: number;
  status: number;
  /** 0 ready, 1 processing, 2 failed (chapters); the manga is always 0. */
  processing: number;
}

interface DeskContext {
  isRoot: boolean;
  busy: boolean;
  /** The subject A and R apply to, if any. */
  target: ReviewSubject | null;
  open(mode: DialogMode, subject: ReviewSubject): void;
}

const Desk = createContext<DeskContext | null>(null);

export function useReviewDesk(): DeskContext {
  const value = useContext(Desk);
  if (!value) throw new Error("useReviewDesk outside ReviewDesk");
  return value;
}

const queuePath = "/dashboard/manga-approval";
/**
 * The dashboard's container uses react-toastify's "colored" theme, whose white text on its green, blue and red
 * fails WCAG contrast (2.5–3.8:1); these toasts use the light theme (dark text on white).
 */
const TOAST = { theme: "light" } as const;

/** The subject A and R apply to: the manga while it is pending, else the shown chapter if pending, else the first pending one. */
function pickTarget(subjects: ReviewSubject[], selectedChapterId: number | null): ReviewSubject | null {
  const pending = subjects.filter((s) => s.status === 0);
  const manga = pending.find((s) => s.kind === "manga");
  if (manga) return manga;
  return pending.find((s) => s.kind === "chapter" && s.id === selectedChapterId) ?? pending[0] ?? null;
}

type Translate = ReturnType<typeof useTranslations<"approval.decision">>;

/** The API call of one decision and its success toast. */
async function sendDecision(api: BoundApiRequest, t: Translate, mode: DialogMode, subject: ReviewSubject, note: string) {
  const isManga = subject.kind === "manga";
  if (mode === "delete") {
    await api(isManga ? "/api/manga/DeleteManga" : "/api/chapter/DeleteChapter", {
      method: "DELETE",
      body: isManga ? { mangaId: subject.id } : { chapterId: subject.id },
    });
    toast.success(t("deleted", { subject: subject.label }), TOAST);
  } else {
    const status = mode === "approve" ? 1 : 2;
    const trimmed = note.trim();
    await api(isManga ? "/api/manga/StatusManga" : "/api/chapter/StatusChapter", {
      method: "POST",
      body: { ...(isManga ? { mangaId: subject.id } : { chapterId: subject.id }), status, ...(trimmed ? { note: trimmed } : {}) },
    });
    toast.success(t(mode === "approve" ? "approved" : "rejected", { subject: subject.label }), TOAST);
  }
}

/** A, R and N; typing in a field, a modifier or an open dialog leaves the keys alone. */
function useDeskKeys(isRoot: boolean, open: DeskContext["open"], target: ReviewSubject | null, goNext: () => void) {
  const latest = useRef({ open, target, goNext });
  useEffect(() => {
    latest.current = { open, target, goNext };
  });
  useEffect(() => {
    if (!isRoot) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      if (document.querySelector("dialog[open]")) return;
      const { open: openDialog, target: subject, goNext: next } = latest.current;
      const key = event.key.toLowerCase();
      if (key === "a" && subject) openDialog("approve", subject);
      else if (key === "r" && subject) openDialog("reject", subject);
      else if (key === "n") next();
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [isRoot]);
}

/**
 * Where the page goes after a decision: to the manga's next pending chapter while it has one, else to the next
 * pending item of the queue (`nextId`), else back to the queue; otherwise it refreshes.
 */
function useMoveOn(subjects: ReviewSubject[], selectedChapterId: number | null, nextId: number | null, mangaId: number) {
  const t = useTranslations("approval.decision");
  const router = useRouter();
  const goNext = useCallback(() => {
    if (nextId !== null) router.push(`${queuePath}/${nextId}`);
    else {
      toast.info(t("queueClear"), TOAST);
      router.push(queuePath);
    }
  }, [nextId, router, t]);

  const afterDecision = (mode: DialogMode, subject: ReviewSubject) => {
    if (mode === "delete" && subject.kind === "manga") return goNext();
    const wasPending = subject.status === 0;
    const remaining = subjects.filter((s) => s.status === 0 && !(s.kind === subject.kind && s.id === subject.id));
    if (wasPending && remaining.length === 0) return goNext();
    if (subject.kind === "chapter") {
      const nextChapter = remaining.find((s) => s.kind === "chapter");
      if (wasPending && nextChapter) return router.replace(`${queuePath}/${mangaId}?chapter=${nextChapter.id}`, { scroll: false });
      if (mode === "delete" && subject.id === selectedChapterId) return router.replace(`${queuePath}/${mangaId}`, { scroll: false });
    }
    router.refresh();
  };
  return { goNext, afterDecision };
}

/**
 * The review page's decisions (root): one dialog for approve (optional note), reject (required reason, with
 * templates) and delete (confirmation), the API calls with the session's token, and the keyboard shortcuts A, R and
 * N. After a decision the page moves on: to the manga's next pending chapter while it has one, else to the next
 * pending item of the queue (`nextId`, worked out by the server when the page was shown), else back to the queue.
 */
export function ReviewDesk({
  isRoot,
  subjects,
  selectedChapterId,
  nextId,
  mangaId,
  children,
}: {
  isRoot: boolean;
  /** The manga first, then its chapters in the order shown. */
  subjects: ReviewSubject[];
  selectedChapterId: number | null;
  nextId: number | null;
  mangaId: number;
  children: ReactNode;
}) {
  const t = useTranslations("approval.decision");
  const api = useApi();
  const [dialog, setDialog] = useState<{ mode: DialogMode; subject: ReviewSubject } | null>(null);
  const [busy, setBusy] = useState(false);
  const { goNext, afterDecision } = useMoveOn(subjects, selectedChapterId, nextId, mangaId);

  const target = useMemo(() => pickTarget(subjects, selectedChapterId), [subjects, selectedChapterId]);

  const open = useCallback(
    (mode: DialogMode, subject: ReviewSubject) => {
      if (!isRoot || busy) return;
      if (mode === "approve" && subject.processing !== 0) {
        toast.info(t("processingBlocked"), TOAST);
        return;
      }
      setDialog({ mode, subject });
    },
    [isRoot, busy, t],
  );

  useDeskKeys(isRoot, open, target, goNext);

  const decide = async (mode: DialogMode, subject: ReviewSubject, note: string) => {
    setBusy(true);
    try {
      await sendDecision(api, t, mode, subject, note);
      setDialog(null);
      afterDecision(mode, subject);
      return true;
    } catch (error) {
      toast.error(t("failed", { message: isApiError(error) || error instanceof Error ? error.message : String(error) }), TOAST);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const value = useMemo<DeskContext>(() => ({ isRoot, busy, target, open }), [isRoot, busy, target, open]);
  return (
    <Desk.Provider value={value}>
      {children}
      {dialog && (
        <DecisionDialog
          key={`${dialog.mode}-${dialog.subject.kind}-${dialog.subject.id}`}
          mode={dialog.mode}
          subject={dialog.subject}
          busy={busy}
          onCancel={() => setDialog(null)}
          onConfirm={(note) => decide(dialog.mode, dialog.subject, note)}
        />
      )}
    </Desk.Provider>
  );
}
