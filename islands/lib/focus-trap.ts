// Tab and Shift+Tab kept inside a modal dialog (WCAG 2.4.3, the ARIA dialog pattern): past the last
// control to the first, before the first to the last, and back in when the focus got outside.
// A dozen lines do it for our dialogs (no nested dialogs, no shadow DOM), so no library is needed.

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]';

/** A radio button is a Tab stop only as its group's checked one (or the first, when none is). */
function isRadioStop(el: HTMLElement, container: HTMLElement): boolean {
  if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || !el.name) return true;
  const group = [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter((r) => r.name === el.name);
  return el.checked || (!group.some((r) => r.checked) && group[0] === el);
}

/** The controls Tab reaches inside `container`, in document order (visible, not tabindex -1). */
export function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest('[inert], [hidden]') && isRadioStop(el, container),
  );
}

/** For a keydown while a dialog is open: a Tab that would leave `container` goes round instead. */
export function trapTab(e: KeyboardEvent, container: HTMLElement): void {
  if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return;
  const controls = tabbables(container);
  const first = controls[0];
  const last = controls[controls.length - 1];
  const active = document.activeElement;
  if (!first || !last) {
    e.preventDefault();
    return;
  }
  if (!container.contains(active)) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  } else if (e.shiftKey && active === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && active === last) {
    e.preventDefault();
    first.focus();
  }
}
