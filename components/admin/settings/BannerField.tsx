"use client";

import { ImagePlus, Undo2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { FilePicker } from "@/components/ui/FilePicker";
import { FieldError } from "@/components/ui/fields";
import { HEAD_BYTES, sniffKind } from "@/components/publishing/file-checks";
import { splitBytes } from "@/components/publishing/upload-state";
import { mediaVariantUrl } from "@/lib/media-url";
import { BannerCropper } from "./BannerCropper";
import type { NewBanner } from "./types";

const ACCEPT = "image/jpeg,image/png,image/webp,image/gif";

/**
 * The banner: the saved one (or a note that the featured manga's cover is shown), and "Choose an image", which opens
 * the 8:3 crop dialog; the crop becomes the unsaved new banner until Save or "Keep the saved banner".
 */
export function BannerField({
  id,
  savedUrl,
  value,
  onChange,
  error,
  maxBytes,
}: {
  id: string;
  savedUrl: string | null;
  value: NewBanner | null;
  onChange: (banner: NewBanner | null) => void;
  error?: string;
  maxBytes: number;
}) {
  const t = useTranslations("admin.settings.banner");
  const tu = useTranslations("upload.units");
  const [source, setSource] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const size = (bytes: number) => {
    const { value: v, unit } = splitBytes(bytes);
    return `${v} ${tu(unit)}`;
  };

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const kind = sniffKind(new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer()));
    if (!kind || kind === "pdf") return setProblem(t("notImage"));
    if (file.size > maxBytes) return setProblem(t("tooLarge", { size: size(file.size), max: size(maxBytes) }));
    setProblem(null);
    setSource(URL.createObjectURL(file));
  };

  const closeCropper = () => {
    if (source) URL.revokeObjectURL(source);
    setSource(null);
  };

  const shown = value?.url ?? (savedUrl ? mediaVariantUrl(savedUrl, 720) : null);
  const message = problem ?? error;
  const hintId = `${id}-hint`;

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <p id={hintId} className="text-sm text-zinc-600 dark:text-zinc-400">{t("intro", { size: size(maxBytes) })}</p>
      <BannerImage id={id} url={shown} isNew={Boolean(value)} />
      <div className="flex flex-wrap items-center gap-2">
        <FilePicker
          id={id}
          label={shown ? t("replace") : t("choose")}
          accept={ACCEPT}
          onFiles={(files) => void pick(files[0])}
          describedBy={`${hintId}${message ? ` ${id}-error` : ""}`}
          invalid={Boolean(message)}
          icon={<ImagePlus className="size-4.5" aria-hidden />}
        />
        {value && (
          <Button variant="ghost" onClick={() => onChange(null)} icon={<Undo2 className="size-4" aria-hidden />}>
            {t("undo")}
          </Button>
        )}
      </div>
      <FieldError id={`${id}-error`} message={message ?? undefined} />
      <BannerCropper
        src={source}
        onCancel={closeCropper}
        onDone={(blob) => {
          closeCropper();
          onChange({ blob, url: URL.createObjectURL(blob) });
        }}
      />
    </div>
  );
}

/** The banner shown (the new crop or the saved one; a note when there is none) and its caption. */
function BannerImage({ id, url, isNew }: { id: string; url: string | null; isNew: boolean }) {
  const t = useTranslations("admin.settings.banner");
  return (
    <figure className="flex flex-col gap-1.5">
      <div className="relative aspect-[8/3] w-full overflow-hidden rounded-2xl bg-zinc-200 ring-1 ring-black/10 dark:bg-zinc-800 dark:ring-white/10" data-testid={`${id}-image`}>
        {url ? (
          // eslint-disable-next-line @next/next/no-img-element -- a local object URL or an immutable media URL
          <img src={url} alt="" className="size-full object-cover" />
        ) : (
          <span className="grid size-full place-items-center p-4 text-center text-sm font-semibold text-zinc-600 dark:text-zinc-300">{t("none")}</span>
        )}
      </div>
      <figcaption className="text-xs font-semibold text-zinc-600 dark:text-zinc-400" data-testid={`${id}-caption`}>
        {isNew ? t("newOne") : url ? t("current") : ""}
      </figcaption>
    </figure>
  );
}
