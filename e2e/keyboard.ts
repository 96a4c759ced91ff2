// Keyboard-only helpers for the accessibility browser tests: what has the focus, Tab until a
// control is reached, and whether Tab stays inside a dialog.
import type { Page } from 'playwright-core';

/** The focused element as "tag#id.class [testid] "text"", or "body" when nothing is. */
export function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return 'body';
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30);
    return `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${[...el.classList].slice(0, 2).map((c) => '.' + c).join('')}${el.dataset.testid ? ` [${el.dataset.testid}]` : ''} "${text}"`;
  });
}

/** Whether the focused element matches `selector` (or is inside an element that does). */
export function focusIsIn(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => Boolean(document.activeElement?.closest(sel)), selector);
}

/**
 * The data-testid of the element that holds the focus once the browser has run autofocus. Chromium
 * applies `autofocus` at its next rendering step, which can come after the element is in the DOM,
 * so this waits (up to 5 s) for the focus to leave the body before it answers.
 */
export async function autofocusedTestId(page: Page): Promise<string | null> {
  await page.waitForFunction(() => document.activeElement !== null && document.activeElement !== document.body, undefined, { timeout: 5_000 }).catch(() => undefined);
  return page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
}

/**
 * Presses Tab (Shift+Tab with `back`) until the focused element matches `selector`; fails after
 * `max` presses, naming the path it took. Returns that path (the elements passed on the way).
 */
export async function tabTo(page: Page, selector: string, { max = 40, back = false } = {}): Promise<string[]> {
  const path: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return path;
    path.push(await focusedElement(page));
  }
  throw new Error(`${back ? 'Shift+Tab' : 'Tab'} did not reach ${selector} in ${max} presses:\n  ${path.join('\n  ')}`);
}

/**
 * Presses Tab `presses` times, then Shift+Tab as many, and returns every place outside `dialog`
 * the focus went on the way (none when the dialog traps it). With `browserStop`, "body" is
 * allowed: a native modal <dialog> (and the script-free entry warning) hands the focus to the
 * browser's own controls between its last and first control, as browsers do.
 */
export async function focusEscapes(page: Page, dialog: string, { presses = 12, browserStop = false } = {}): Promise<string[]> {
  const outside: string[] = [];
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      const here = await focusedElement(page);
      if ((here !== 'body' || !browserStop) && !(await focusIsIn(page, dialog))) outside.push(`${key} ${i + 1}: ${here}`);
    }
  }
  return outside;
}
