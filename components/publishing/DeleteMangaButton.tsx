"use client";

import { Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useApiMutation } from "@/components/providers/api-query";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { notifyError, notifySuccess } from "@/components/ui/toast";
import { useRouter } from "@/i18n/client";

/** Deletes a manga (DeleteManga) after a confirmation dialog, then reads the list again. */
export function DeleteMangaButton({ mangaId, title }: { mangaId: number; title: string }) {
  const t = useTranslations("management");
  const tu = useTranslations("upload");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const remove = useApiMutation((api) => api("/api/manga/DeleteManga", { method: "DELETE", body: { mangaId } }), {
    onSuccess: () => {
      notifySuccess(t("deleted", { title }));
      setOpen(false);
      router.refresh();
    },
    onError: (error) => notifyError(error, tu("networkError")),
  });

  return (
    <>
      <Button variant="dangerGhost" size="sm" icon={<Trash2 className="size-4" aria-hidden />} onClick={() => setOpen(true)} aria-label={t("deleteLabel", { title })} data-testid="delete-manga">
        {t("delete")}
      </Button>
      <ConfirmDialog
        open={open}
        title={t("deleteTitle")}
        confirmLabel={t("deleteConfirm")}
        busyLabel={t("deleting")}
        cancelLabel={t("cancel")}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(undefined)}
        onClose={() => setOpen(false)}
      >
        {t("deleteText", { title })}
      </ConfirmDialog>
    </>
  );
}
