"use client";

import { Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "react-toastify";
import { useApi } from "@/components/providers/use-api";
import { useRouter } from "@/i18n/client";
import { isApiError } from "@/lib/api-client";
import { ConfirmDialog } from "@/components/ui/Dialog";

/** Deletes a manga (DeleteManga) after a confirmation dialog, then reads the list again. */
export function DeleteMangaButton({ mangaId, title, className }: { mangaId: number; title: string; className: string }) {
  const t = useTranslations("management");
  const tu = useTranslations("upload");
  const api = useApi();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await api("/api/manga/DeleteManga", { method: "DELETE", body: { mangaId } });
      toast.success(t("deleted", { title }));
      setOpen(false);
      router.refresh();
    } catch (error) {
      toast.error(isApiError(error) && error.kind === "HTTP" ? error.message : tu("networkError"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} aria-label={t("deleteLabel", { title })} data-testid="delete-manga">
        <Trash2 className="size-4" aria-hidden />
        <span>{t("delete")}</span>
      </button>
      <ConfirmDialog
        open={open}
        title={t("deleteTitle")}
        confirmLabel={t("deleteConfirm")}
        busyLabel={t("deleting")}
        cancelLabel={t("cancel")}
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      >
        {t("deleteText", { title })}
      </ConfirmDialog>
    </>
  );
}
