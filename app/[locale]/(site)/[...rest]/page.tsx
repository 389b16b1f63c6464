import { notFound } from "next/navigation";

/** Any path no other route claims renders the localized not-found page with a 404 status. */
export default function CatchAll() {
  notFound();
}
