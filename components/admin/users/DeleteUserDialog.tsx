"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { notifyError, notifySuccess } from "@/components/ui/toast";
import { useRouter } from "@/i18n/navigation";
import type { UserRow } from "@/lib/validation/users";
import { useUsersApi } from "./users-api";

/**
 * Deleting an account, after a confirmation that says what happens (docs/decisions/015): the account is anonymised
 * and can no longer sign in, the writer's manga stay under "Deleted user", money records are kept.
 */
export function DeleteUserDialog({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const t = useTranslations("admin.users.deleteDialog");
  const api = useUsersApi();
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await api.remove(user.id);
      notifySuccess(t("deleted", { username: user.username }));
      onClose();
      router.refresh();
    } catch (error) {
      notifyError(error, t("failed"));
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open
      title={t("title", { username: user.username })}
      confirmLabel={t("confirm")}
      busyLabel={t("deleting")}
      cancelLabel={t("cancel")}
      busy={busy}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <span data-testid="delete-user-text">{t("text")}</span>
    </ConfirmDialog>
  );
}
