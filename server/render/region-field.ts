// The search form's region field (views/pages/members-page.tsx RegionFieldParts) is a hundred and
// more options, a quarter of the elements of every search page, and the same for every search of a
// language and choice while the site's regions are (the catalogue keeps them a minute). So it is
// rendered once per regions list, language, country and chosen region, and put into each page as
// HTML (member /members: its page render 0.80 -> 0.72 ms on the bench data).
import { createElement } from 'react';
import type { PageContext } from '../../views/render-context.js';
import { RegionFieldParts } from '../../views/pages/members-page.js';
import type { RegionsOfCountry } from '../services/catalog/catalog-service.js';
import { renderFragment } from './render-page.js';

/** Dropped with their regions list (a new one each time the catalogue reads them again). */
const byRegions = new WeakMap<RegionsOfCountry[], Map<string, string>>();

/**
 * The region field's label and list as HTML, with `selected` chosen. A choice that is none of the
 * listed regions (any text may come in the query) is rendered but not kept, so the kept ones stay
 * bounded by the catalogue.
 */
export function regionFieldHtml(page: PageContext, regions: RegionsOfCountry[], country: string, selected: string): string {
  const render = () => renderFragment(page, createElement(RegionFieldParts, { regions, country, selected }));
  const shown = regions.filter((g) => !country || g.country === country);
  if (selected !== '' && !shown.some((g) => g.regions.some((r) => r.name === selected))) return render();
  let kept = byRegions.get(regions);
  if (!kept) byRegions.set(regions, (kept = new Map()));
  const key = `${page.lng}\u0000${country}\u0000${selected}`;
  let html = kept.get(key);
  if (html === undefined) kept.set(key, (html = render()));
  return html;
}
