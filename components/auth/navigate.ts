/**
 * Spec §4 / §9: a timed redirect (reset password → /auth) is retried up to 5 times, the first retry
 * after 10 ms and then with a backoff capped at 1000 ms, with a full page load as the last resort.
 */
export const NAVIGATION_RETRIES = 5;

export function retryDelay(attempt: number): number {
  return attempt === 0 ? 10 : Math.min(1000, 100 * 2 ** attempt);
}

export function navigateWithRetry({
  navigate,
  arrived,
  fallbackUrl,
  schedule = (fn, ms) => window.setTimeout(fn, ms),
  hardNavigate = (url) => window.location.assign(url),
}: {
  navigate: () => void;
  arrived: () => boolean;
  fallbackUrl: string;
  schedule?: (fn: () => void, ms: number) => unknown;
  hardNavigate?: (url: string) => void;
}): void {
  let attempt = 0;
  const check = () => {
    if (arrived()) return;
    if (attempt > NAVIGATION_RETRIES) {
      hardNavigate(fallbackUrl);
      return;
    }
    navigate();
    schedule(check, retryDelay(attempt++));
  };
  navigate();
  schedule(check, retryDelay(attempt++));
}
