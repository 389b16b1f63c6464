/** Public URL of a stored image (served by app/media/[id]/route.ts with immutable caching). */
export function mediaUrl(id: string | null | undefined): string | null {
  return id ? `/media/${id}` : null;
}
