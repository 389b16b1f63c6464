"use client";

import { type ReactNode } from "react";
import { useApiMutation, useApiQuery } from "@/components/providers/api-query";
import { Button } from "@/components/ui/Button";
import { RadioPills } from "@/components/ui/fields";
import { notifyError, notifySuccess } from "@/components/ui/toast";
import { useLocale, useTexts } from "@/i18n/client";
import { RATING_MAX, RATING_MIN } from "@/lib/rating";
import { rateBody, type RatingState } from "@/lib/validation/ratings";
import { getQueryClient } from "@/lib/query-client";

const SCORES = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => String(RATING_MIN + i));

/**
 * A signed-in reader's rating of a manga (loaded lazily by ./RatingControl.tsx): my score as ten radio buttons (a
 * choice applies at once, as RadioPills do), a button to remove it, and the manga's counted mean and count as the
 * server answers them. The score is checked with the routes' own schema before it is sent.
 */
export default function SignedInRating({ mangaId, fallback }: { mangaId: number; fallback: ReactNode }) {
  const t = useTexts("rating");
  const locale = useLocale();
  const key = ["rating", mangaId];
  const mine = useApiQuery<RatingState>(key, "/api/Rating/Mine", { request: { query: { mangaId } } });
  const store = (state: RatingState) => getQueryClient().setQueryData([...key, locale], state);
  const rate = useApiMutation((api, score: number) => api<RatingState>("/api/Rating/Rate", { method: "POST", body: rateBody.parse({ mangaId, score }) }), {
    onSuccess: (state) => {
      store(state);
      notifySuccess(state.counted ? t("saved") : t("pending"));
    },
    onError: (error) => notifyError(error, t("failed")),
  });
  const remove = useApiMutation((api) => api<RatingState>("/api/Rating/Remove", { method: "POST", body: { mangaId } }), {
    onSuccess: (state) => {
      store(state);
      notifySuccess(t("removed"));
    },
    onError: (error) => notifyError(error, t("failed")),
  });
  const state = mine.data;
  if (!state) return <>{fallback}</>;
  const busy = rate.isPending || remove.isPending;
  // The choice shows at once while it is sent (a radio button that snapped back until the answer would look broken).
  const shown = rate.isPending && rate.variables !== undefined ? rate.variables : remove.isPending ? null : state.score;
  const mean = state.mean === null ? null : new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(state.mean);
  return (
    <div className="flex flex-col gap-3" data-testid="rating-control">
      <p className="text-sm font-semibold text-zinc-700 dark:text-zinc-300" data-testid="rating-summary-text" aria-live="polite">
        {mean === null ? t("none") : t("summary", { mean, count: state.count })}
      </p>
      <RadioPills
        name={`rating-${mangaId}`}
        legend={t("legend")}
        hint={state.score !== null && !state.counted ? t("pending") : t("hint")}
        options={SCORES.map((s) => ({ value: s, label: new Intl.NumberFormat(locale).format(Number(s)), testId: `rate-${s}` }))}
        value={shown === null ? "" : String(shown)}
        onChange={(value) => rate.mutate(Number(value))}
        disabled={busy}
      />
      {state.score !== null && (
        <div>
          <Button variant="ghost" size="sm" onClick={() => remove.mutate(undefined)} loading={remove.isPending} disabled={busy} data-testid="rating-remove">
            {t("remove")}
          </Button>
        </div>
      )}
    </div>
  );
}
