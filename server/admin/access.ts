import { Role } from "@/lib/enums";
import { forbidden, unauthorized } from "@/server/core/errors";
import type { SignedInViewer, Viewer } from "@/server/core/viewer";

/** The administrator's reads are root's alone (issue 15); the pages check the role too and show their 403 view. */
export function requireRoot(viewer: Viewer): asserts viewer is SignedInViewer {
  if (!viewer) throw unauthorized();
  if (viewer.role !== Role.root) throw forbidden();
}
