// What every island gets from its surroundings, on the server and in the browser alike.
import { createContext, useContext } from 'react';

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

export interface IslandEnv {
  /** Translates keys of this island's own section of the islands namespace. */
  t: Translate;
  lng: string;
  csrfToken: string;
}

export const IslandContext = createContext<IslandEnv>({ t: (k) => k, lng: 'en', csrfToken: '' });

export function useIsland(): IslandEnv {
  return useContext(IslandContext);
}

/** Props travel as JSON inside a non-executable script tag; "<" is escaped so it cannot close it. */
export function serializeProps(props: unknown): string {
  return JSON.stringify(props ?? {})
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
