/** Spec §2: a placeholder route that renders only the word "test" (always English). */
export default function TestPage() {
  return <p lang="en">test</p>;
}
