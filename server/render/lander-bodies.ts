// A lander's body is the same for every visitor of a site in one language until its selection
// of profiles is renewed (a minute, services/landers/landers-service.ts); only the address its
// calls to action lead to changes, with each click's tracking query. So the body is rendered once
// per selection, site, language and lander with a mark where that address goes, and each request
// fills the mark in: a lander then costs about what a static page does (DESIGN.md §8).
import { createElement, type ComponentType } from 'react';
import type { PageContext } from '../../views/render-context.js';
import type { LanderPageProps, LanderSelection } from '../../types/lander-pages.js';
import { escapeHtml, renderFragment } from './render-page.js';

/** Stands for the call to action's address in a kept body; no URL or text of the page contains it. */
export const CTA_MARK = 'amora-lander-cta-href-7c1e5b';

export class LanderBodies {
  /** Dropped with their selection: nothing to expire here. */
  private readonly bySelection = new WeakMap<LanderSelection, Map<string, string>>();

  /**
   * The lander's body as HTML, its calls to action leading to `signupHref`. Whatever else the view
   * is given (a map) must be the same for every request with this selection.
   */
  html(page: PageContext, name: string, view: ComponentType<LanderPageProps>, props: Omit<LanderPageProps, 'signupHref'>, signupHref: string): string {
    return this.marked(page, name, view, props).replaceAll(CTA_MARK, escapeHtml(signupHref));
  }

  /** The lander's body as HTML with CTA_MARK where its calls to action lead. */
  marked(page: PageContext, name: string, view: ComponentType<LanderPageProps>, props: Omit<LanderPageProps, 'signupHref'>): string {
    let bodies = this.bySelection.get(props.selection);
    if (!bodies) this.bySelection.set(props.selection, (bodies = new Map()));
    const key = `${page.site.domain}\u0000${page.lng}\u0000${name}`;
    let html = bodies.get(key);
    if (html === undefined) bodies.set(key, (html = renderFragment(page, createElement(view, { ...props, signupHref: CTA_MARK }))));
    return html;
  }
}
