// Everything a server-rendered view may read about the current request, passed by React context.
import { createContext, useContext } from 'react';
import type { TFunction, i18n as I18n } from 'i18next';
import type { SiteSettings, Locale } from '../types/settings.js';
import type { SessionUser } from '../types/user.js';

export interface CompanyView {
  name: string;
  address: string;
  city: string;
  country: string;
  kvk: string;
  vatNumbers: string[];
  supportPhone: string;
}

export interface PageContext {
  t: TFunction;
  i18n: I18n;
  lng: Locale;
  site: { name: string; domain: string; languages: Locale[] };
  settings: SiteSettings;
  company: CompanyView;
  user: SessionUser | null;
  csrfToken: string;
  /** Path and query of this request, for "return here" links. */
  currentUrl: string;
  /** When the server began this page (epoch ms): views that show time left count from it. */
  now: number;
  routeName: string;
  showEntryWarning: boolean;
  /** The test payment provider is active: every page says that payments are not real. */
  testPayments: boolean;
  /** The site's welcome-offer days (`welcome_days`, a server-only setting); absent: the default. */
  welcomeDays?: number;
}

export interface RenderState extends PageContext {
  /** Islands rendered so far, in order, so the page ships only their scripts. */
  islands: string[];
  /** The islands namespace sections the rendered islands translate with. */
  islandSections: string[];
}

const Ctx = createContext<RenderState | null>(null);
export const RenderProvider = Ctx.Provider;

export function usePage(): RenderState {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error('usePage() outside renderPage()');
  return ctx;
}
