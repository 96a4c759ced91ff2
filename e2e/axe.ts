// axe-core in the browser tests (issue 18 point 6): injected from node_modules (nothing downloaded),
// run with the WCAG 2.2 AA rule set plus axe's best practices, reporting what is serious or critical.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * WCAG 2.0, 2.1 and 2.2 at levels A and AA. The tags switch on rules axe leaves off by default, such
 * as target-size (2.5.8, controls of at least 24 × 24 px). Best practices (landmarks, heading order,
 * one h1) cost nothing more today, so they are held too.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

// axe injects an inline script, which the site's CSP rightly refuses.
export const AXE_CONTEXT: BrowserContextOptions = { bypassCSP: true };

/**
 * Loads axe into every page of `context` as it opens: cheaper than adding it to each page after
 * loading (the page audit loads a few hundred), and the pages' own scripts never see a difference.
 */
export async function preloadAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: AXE_SOURCE });
}

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The serious and critical violations on the page as it is now (or inside `scope`, a CSS selector). */
export async function axeFindings(page: Page, scope?: string): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(
    async ({ tags, scope }) => {
      type Result = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] };
      const axe = (window as unknown as { axe: { run(ctx: unknown, o: object): Promise<Result> } }).axe;
      const { violations } = await axe.run(scope ? { include: [scope] } : document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ id: v.id, impact: v.impact!, help: v.help, targets: v.nodes.map((n) => n.target.map(String).join(' ')) }));
    },
    { tags: AXE_TAGS, scope },
  );
}

/** One line per violation, naming where it is (at most six places). */
export function describeFindings(where: string, findings: AxeFinding[]): string[] {
  return findings.map((v) => `${where}: ${v.id} (${v.impact}, ${v.help}) at ${v.targets.slice(0, 6).join(' | ')}${v.targets.length > 6 ? ` and ${v.targets.length - 6} more` : ''}`);
}

/**
 * Every violation of the named rules, whatever its impact: for rules axe rates moderate, such as
 * "region" (all content inside a landmark), that a page is still held to.
 */
export async function axeRuleFindings(page: Page, rules: string[]): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (rules) => {
    type Result = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] };
    const axe = (window as unknown as { axe: { run(ctx: unknown, o: object): Promise<Result> } }).axe;
    const { violations } = await axe.run(document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] });
    return violations.map((v) => ({ id: v.id, impact: v.impact ?? 'unknown', help: v.help, targets: v.nodes.map((n) => n.target.map(String).join(' ')) }));
  }, rules);
}
