/** The review desk isolates titles and names in its sentences with the site-wide helper. */
export { isolate } from "@/lib/bidi";
