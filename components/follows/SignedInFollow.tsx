"use client";

import { useState } from "react";
import { useApiMutation, useApiQuery } from "@/components/providers/api-query";
import { Button } from "@/components/ui/Button";
import { useLocale } from "@/i18n/client";
import { useRouter } from "@/i18n/navigation";
import { getQueryClient } from "@/lib/query-client";
import type { FollowTexts } from "./FollowButton";

/** GET /api/Follow/Following's items (server/follows/list-following.ts). */
export interface FollowedWriterItem {
  id: number;
  username: string;
  followers: number;
  followedAt: string;
}

export const FOLLOWING_KEY = ["following"] as const;
export const FOLLOWING_PATH = "/api/Follow/Following";

/**
 * A signed-in user's Follow / Following toggle (loaded lazily by ./FollowButton.tsx): the state comes from the list of
 * writers they follow (one request, shared by every button and the dashboard's list), the change is shown at once and
 * put back if the server refuses it, with the refusal said next to the button (public pages have no toasts).
 */
export default function SignedInFollow({ writerId, texts, refresh, size }: { writerId: number; texts: FollowTexts; refresh: boolean; size: "sm" | "md" }) {
  const locale = useLocale();
  const router = useRouter();
  const client = getQueryClient();
  const cached = [...FOLLOWING_KEY, locale];
  const [failed, setFailed] = useState(false);
  const list = useApiQuery<FollowedWriterItem[]>(FOLLOWING_KEY, FOLLOWING_PATH);
  const isFollowing = list.data?.some((w) => w.id === writerId) ?? false;
  const toggle = useApiMutation((api, follow: boolean) => api(follow ? "/api/Follow/Follow" : "/api/Follow/Unfollow", { method: "POST", body: { writerId } }), {
    optimistic: async (follow) => {
      setFailed(false);
      await client.cancelQueries({ queryKey: cached });
      const before = client.getQueryData<FollowedWriterItem[]>(cached);
      if (before) {
        const rest = before.filter((w) => w.id !== writerId);
        client.setQueryData<FollowedWriterItem[]>(cached, follow ? [{ id: writerId, username: "", followers: 0, followedAt: new Date().toISOString() }, ...rest] : rest);
      }
      return before;
    },
    rollback: (before) => client.setQueryData(cached, before),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: FOLLOWING_KEY });
      if (refresh) router.refresh();
    },
    onError: () => setFailed(true),
  });
  return (
    <span className="inline-flex flex-wrap items-center gap-3">
      <Button
        variant={isFollowing ? "secondary" : "primary"}
        size={size}
        aria-pressed={isFollowing}
        data-testid="follow-button"
        data-following={isFollowing}
        aria-label={isFollowing ? texts.followingLabel : texts.followLabel}
        disabled={!list.data}
        // Not `loading`: the kit's Button disables itself while loading, and a disabled button drops the keyboard's
        // focus (the new-user trial). The change shows at once anyway; a click while one is on its way is ignored.
        aria-busy={toggle.isPending || undefined}
        onClick={() => !toggle.isPending && toggle.mutate(!isFollowing)}
      >
        {isFollowing ? texts.following : texts.follow}
      </Button>
      {failed && (
        <span role="alert" className="text-sm text-red-700 dark:text-red-400">
          {texts.failed}
        </span>
      )}
    </span>
  );
}
