// <Island>: renders an island on the server inside a marked element, with its props as JSON.
// islands/client.ts finds the marks and hydrates only the islands present on the page.
import type { ComponentType } from 'react';
import { IslandContext, serializeProps } from '../../islands/runtime.js';
import { usePage } from '../render-context.js';
import { sectionT } from '../../server/render/i18n.js';

interface IslandProps<P extends object> {
  /** The island's file name without ".island.tsx"; also its section of the islands namespace. */
  name: string;
  component: ComponentType<P>;
  props: P;
  /** "load" hydrates at once, "visible" when scrolled into view, "idle" when the browser is idle. */
  hydrate?: 'load' | 'visible' | 'idle';
  /** The islands namespace section to translate with, when islands share one (default: name). */
  section?: string;
}

export function Island<P extends object>({ name, component: Component, props, hydrate = 'load', section = name }: IslandProps<P>) {
  const page = usePage();
  page.islands.push(name);
  page.islandSections.push(section);
  const id = `island-${page.islands.length}`;
  const t = sectionT(page.i18n, page.lng, 'islands', section);
  return (
    <>
      <div data-island={name} data-props={id} data-hydrate={hydrate} data-section={section}>
        <IslandContext.Provider value={{ t, lng: page.lng, csrfToken: page.csrfToken }}>
          <Component {...props} />
        </IslandContext.Provider>
      </div>
      <script type="application/json" id={id} dangerouslySetInnerHTML={{ __html: serializeProps(props) }} />
    </>
  );
}
