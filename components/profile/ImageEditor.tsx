"use client";

import { Camera, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useApiMutation } from "@/components/providers/api-query";
import { Button } from "@/components/ui/Button";
import { FilePicker } from "@/components/ui/FilePicker";
import { notifySuccess } from "@/components/ui/toast";
import { isApiError } from "@/lib/api-client";
import { CropDialog } from "./CropDialog";
import type { ProfileUser } from "./ProfileManagement";
import { updateSelf } from "./profile-api";

/** Files larger than this are not even decoded in the browser (the stored picture is a 512 px JPEG). */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

/**
 * The picture: shown large (or the first letter of the full name), uploaded through a square crop made in the browser
 * (CropDialog, a 512 px JPEG sent to UpdateSelf as base64), or removed.
 */
export function ImageEditor({ user, onUser }: { user: ProfileUser; onUser: (user: ProfileUser) => void }) {
  const t = useTranslations("profile.image");
  const update = useApiMutation((api, body: { profileImage: string | null }) => updateSelf(api, body));
  const [source, setSource] = useState<{ url: string; width: number; height: number } | null>(null);
  const [busy, setBusy] = useState<"save" | "remove" | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => {
    if (source) URL.revokeObjectURL(source.url);
  }, [source]);

  const pick = (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (!file.type.startsWith("image/")) return setError(t("notImage"));
    if (file.size > MAX_FILE_BYTES) return setError(t("tooLarge"));
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => setSource({ url, width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => {
      URL.revokeObjectURL(url);
      setError(t("readFailed"));
    };
    img.src = url;
  };

  const save = async (body: { profileImage: string | null }, done: string) => {
    setBusy(body.profileImage === null ? "remove" : "save");
    setError(null);
    try {
      onUser(await update.mutateAsync(body));
      setSource(null);
      notifySuccess(done);
    } catch (err) {
      const message = isApiError(err) ? (err.fieldErrors.profileImage?.[0] ?? (err.kind === "HTTP" ? err.message : null)) : null;
      setError(message || t("failed"));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-col items-center gap-3 md:w-48" data-testid="profile-image-editor">
      <Avatar user={user} alt={t("alt")} />
      <p className="text-center text-xs text-zinc-500 dark:text-zinc-400" id="profile-image-hint">{t("hint")}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <FilePicker
          label={user.profileImageUrl ? t("change") : t("upload")}
          accept="image/jpeg,image/png,image/webp,image/gif"
          onFiles={(files) => pick(files[0])}
          variant="secondary"
          size="sm"
          icon={<Camera className="size-4" aria-hidden />}
          disabled={busy !== null}
          describedBy="profile-image-hint"
          testId="profile-image-input"
        />
        {user.profileImageUrl && (
          <Button variant="dangerOutline" size="sm" onClick={() => void save({ profileImage: null }, t("removed"))} disabled={busy !== null && busy !== "remove"} loading={busy === "remove"} icon={<Trash2 className="size-4" aria-hidden />}>
            {busy === "remove" ? t("removing") : t("remove")}
          </Button>
        )}
      </div>
      {error && (
        <p role="alert" className="text-center text-sm text-red-600 dark:text-red-400" data-testid="profile-image-error">
          {error}
        </p>
      )}
      {source && (
        <CropDialog
          source={source}
          busy={busy === "save"}
          onCancel={() => setSource(null)}
          onApply={(dataUrl) => void save({ profileImage: dataUrl }, t("saved"))}
        />
      )}
    </div>
  );
}

/** The picture shown large, or the first letter of the full name on the brand gradient. */
function Avatar({ user, alt }: { user: ProfileUser; alt: string }) {
  const letter = Array.from(user.fullName.trim() || user.username)[0]?.toLocaleUpperCase() ?? "?";
  return (
    <>
      {user.profileImageUrl ? (
        // eslint-disable-next-line @next/next/no-img-element -- a /media image with immutable caching
        <img src={user.profileImageUrl} alt={alt} data-testid="profile-image" className="size-32 rounded-full object-cover ring-4 ring-zinc-100 dark:ring-zinc-800" />
      ) : (
        <span aria-hidden data-testid="profile-image-letter" className="grid size-32 place-items-center rounded-full bg-gradient-to-br from-brand-500 to-brand-700 text-5xl font-bold text-white ring-4 ring-zinc-100 dark:ring-zinc-800">
          {letter}
        </span>
      )}
    </>
  );
}
