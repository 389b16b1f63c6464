/**
 * A quiet destructive action (a row's "Delete", "Remove all"): a ghost or secondary `Button` (or a link drawn with
 * buttonClass) in red, with `className={dangerText}`. The marks (`!`) win over the variant's own text colour whatever
 * the order of the stylesheet. For the confirmed, final action (a dialog's "Delete for good") use variant="danger".
 */
export const dangerText = "text-red-700! hover:bg-red-50! dark:text-red-400! dark:hover:bg-red-500/10!";
