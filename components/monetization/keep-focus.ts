/**
 * A ref callback for a control that disappears after its own action (the payout request button once the request is
 * waiting, a queue row once settled, "Enter income" once the month is closed, "Remove" once the e-mail is gone): when
 * the element is taken out while it holds the focus, the focus moves to `fallback()` instead of falling back to the
 * page's body, where a keyboard or screen reader user would have to start again from the top.
 */
export function keepFocus(fallback: () => HTMLElement | null | undefined) {
  return (element: HTMLElement | null) => {
    if (!element) return;
    return () => {
      if (!element.contains(document.activeElement)) return;
      // Called as React detaches the element: focus the fallback once it is gone from the page.
      window.setTimeout(() => {
        if (document.activeElement === document.body || document.activeElement === null) fallback()?.focus();
      });
    };
  };
}

/** The fallback for controls inside a monetization panel: the panel's heading (Panel gives it tabIndex -1). */
export const panelHeading = (id: string) => () => document.getElementById(`${id}-title`);
