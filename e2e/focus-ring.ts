// Whether the focused element shows a focus ring one can see (WCAG 2.4.7, 1.4.11): an opaque
// outline of 2 px or more whose colour has 3:1 against the background it is drawn on, or that the
// design's white halo (views/styles/parts/base.css) sets off where that background is a picture.
import type { BrowserContext, Page } from 'playwright-core';

/**
 * Gives every page of `context` the helper that tsx wraps around named functions in the code
 * evaluated below (the page does not have it otherwise).
 */
export async function prepareFocusRings(context: BrowserContext): Promise<void> {
  await context.addInitScript('globalThis.__name ??= (f) => f');
}

/** Null when the focused element's ring is fine, else what is wrong with it (prepareFocusRings first). */
export function focusRingProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const rgba = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) =>
      [r, g, b].map((v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
    // A visually hidden control (the chat's file input) shows its focus on its label.
    let target: HTMLElement = el;
    let style = getComputedStyle(el);
    if ((style.outlineStyle === 'none' || parseFloat(style.outlineWidth) < 2) && el.closest('label')) {
      target = el.closest('label')!;
      style = getComputedStyle(target);
    }
    if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) < 2) return `no focus ring (outline ${style.outlineStyle} ${style.outlineWidth})`;
    const ring = rgba(style.outlineColor);
    if ((ring[3] ?? 1) < 1) return `a see-through ring (${style.outlineColor})`;
    const ratio = (x: number[], y: number[]) => {
      const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    // The white halo sets off a ring that itself stands out on white.
    const halo = style.boxShadow.includes('rgb(255, 255, 255)') && ratio(ring, [255, 255, 255]) >= 3;
    // What the ring is drawn on: the control itself when it is drawn inside, else what is behind it;
    // of a gradient, every opaque colour in it (and what shows through the see-through ones).
    const behind: number[][] = [];
    let picture = false;
    for (let a: HTMLElement | null = parseFloat(style.outlineOffset) < 0 ? target : target.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.backgroundImage.includes('url(')) {
        picture = true;
        break;
      }
      const stops = (s.backgroundImage.match(/rgba?\([^)]*\)/g) ?? []).map(rgba);
      behind.push(...stops.filter((c) => (c[3] ?? 1) === 1));
      const bg = rgba(s.backgroundColor);
      if (s.backgroundColor !== 'rgba(0, 0, 0, 0)' && (bg[3] ?? 1) === 1) {
        behind.push(bg);
        break;
      }
      if (stops.length && stops.every((c) => (c[3] ?? 1) === 1)) break;
    }
    if (picture) return halo || luminance(ring) > 0.9 ? null : `a ${style.outlineColor} ring on a photo, without the white halo`;
    const worst = Math.min(...behind.map((c) => ratio(ring, c)));
    return worst >= 3 || halo ? null : `a ${style.outlineColor} ring on a background with ${worst.toFixed(2)}:1`;
  });
}
