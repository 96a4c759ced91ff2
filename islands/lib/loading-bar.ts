// The loading bar (SPEC.md §2, §4, §9): a thin bar at the top of the page while the member waits,
// for a page navigation or for an island's call made with api(…, { progress: true }). It appears
// only after a 200 ms throttle (a fast answer never flashes it), grows every 100 ms to full over
// 5000 ms, and hides 500 ms after finishing. A bar that reaches full finishes by itself: a link
// that turned out to be a download, or a call that never ends, must not leave it up for good.
// It lives in the islands' bootstrap, so pages without islands keep shipping no script at all.

export const LOADING_BAR_TIMINGS = { throttleMs: 200, durationMs: 5000, tickMs: 100, hideMs: 500 } as const;

type TimerId = ReturnType<typeof setTimeout>;

/** The timer functions the bar runs on: the browser's, or a test's fake clock. */
export interface BarTimers {
  setTimeout(fn: () => void, ms: number): TimerId;
  clearTimeout(id: TimerId | undefined): void;
  setInterval(fn: () => void, ms: number): TimerId;
  clearInterval(id: TimerId | undefined): void;
}

/** Draws the bar: a progress from 0 to 1, or null for hidden. */
export type BarRenderer = (progress: number | null) => void;

const globalTimers: BarTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (id) => clearInterval(id),
};

export class LoadingBar {
  /** What is under way; each begin() has its own token, so a late end of a finished task changes nothing. */
  private readonly tasks = new Set<symbol>();
  /** Percent, in whole steps: 2 per tick at the default timings. */
  private percent = 0;
  private shown = false;
  private throttle: TimerId | undefined;
  private ticker: TimerId | undefined;
  private hider: TimerId | undefined;

  constructor(
    private readonly render: BarRenderer,
    private readonly timers: BarTimers = globalTimers,
    private readonly timings = LOADING_BAR_TIMINGS,
  ) {}

  /** Something the member waits for began; call the returned function (once or more) when it ends. */
  begin(): () => void {
    const token = Symbol('task');
    this.tasks.add(token);
    if (this.tasks.size === 1) this.restart();
    return () => {
      if (this.tasks.delete(token) && this.tasks.size === 0) this.complete();
    };
  }

  /** Nothing is loading any more (a page restored from the back-forward cache): hide at once. */
  reset(): void {
    this.tasks.clear();
    this.stopTimers();
    this.timers.clearTimeout(this.hider);
    this.hider = undefined;
    this.percent = 0;
    if (this.shown) this.render(null);
    this.shown = false;
  }

  private restart(): void {
    this.timers.clearTimeout(this.hider);
    this.hider = undefined;
    if (this.shown) {
      // Still finishing the last one: start over at once, no second throttle.
      this.percent = 0;
      this.render(0);
      return this.startTicking();
    }
    this.throttle = this.timers.setTimeout(() => {
      this.throttle = undefined;
      this.shown = true;
      this.percent = 0;
      this.render(0);
      this.startTicking();
    }, this.timings.throttleMs);
  }

  private startTicking(): void {
    if (this.ticker !== undefined) return;
    const step = (100 * this.timings.tickMs) / this.timings.durationMs;
    this.ticker = this.timers.setInterval(() => {
      this.percent = Math.min(100, this.percent + step);
      this.render(this.percent / 100);
      if (this.percent >= 100) {
        this.tasks.clear();
        this.complete();
      }
    }, this.timings.tickMs);
  }

  private complete(): void {
    const wasShown = this.shown;
    this.stopTimers();
    // Done within the throttle: it never appeared, and it does not now.
    if (!wasShown) return;
    this.percent = 100;
    this.render(1);
    this.hider = this.timers.setTimeout(() => {
      this.hider = undefined;
      this.shown = false;
      this.percent = 0;
      this.render(null);
    }, this.timings.hideMs);
  }

  private stopTimers(): void {
    this.timers.clearTimeout(this.throttle);
    this.timers.clearInterval(this.ticker);
    this.throttle = undefined;
    this.ticker = undefined;
  }
}

/** The link a click follows, as far as the bar cares. */
export interface ClickedLink {
  href: string;
  /** The link's target attribute ('' when none). */
  target: string;
  download: boolean;
}

export interface ClickModifiers {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/**
 * Whether following `link` loads another page in this tab: a plain left click on a same-origin
 * link, not opened in a new tab or window, not a download, not a jump within this page, and not
 * taken over by a script (the signup modal opens in place of its link).
 */
export function startsNavigation(link: ClickedLink, click: ClickModifiers, currentHref: string): boolean {
  if (click.defaultPrevented || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return false;
  if (link.download || (link.target !== '' && link.target !== '_self')) return false;
  let to: URL;
  let here: URL;
  try {
    to = new URL(link.href, currentHref);
    here = new URL(currentHref);
  } catch {
    return false;
  }
  if (to.origin !== here.origin || !/^https?:$/.test(to.protocol)) return false;
  const samePage = to.pathname === here.pathname && to.search === here.search;
  return !(samePage && to.hash !== '');
}

/** Whether submitting `form` loads a page in this tab: same origin, not a new window, not a script's (prevented) or a dialog's form. */
export function formStartsNavigation(form: { action: string; target: string; method: string }, defaultPrevented: boolean, currentHref: string): boolean {
  if (defaultPrevented || form.method.toLowerCase() === 'dialog' || (form.target !== '' && form.target !== '_self')) return false;
  try {
    const to = new URL(form.action, currentHref);
    return to.origin === new URL(currentHref).origin && /^https?:$/.test(to.protocol);
  } catch {
    return false;
  }
}

/** The bar in the page: one element made on first use, hidden from assistive technology (the browser announces the navigation itself). */
function domRenderer(): BarRenderer {
  let bar: HTMLElement | null = null;
  return (progress) => {
    if (!bar) {
      bar = document.createElement('div');
      bar.className = 'loading-bar';
      bar.setAttribute('aria-hidden', 'true');
      bar.dataset.testid = 'loading-bar';
      bar.appendChild(document.createElement('div')).className = 'loading-bar__fill';
      document.body.appendChild(bar);
    }
    bar.hidden = progress === null;
    if (progress !== null) bar.style.setProperty('--progress', progress.toFixed(2));
  };
}

/** The page's one bar, shared by the bootstrap's navigation watch and api(). */
export const loadingBar = new LoadingBar(domRenderer());

/** Starts the bar when a link or form leaves for another page; window listeners run after every island's own. */
export function watchNavigations(bar: LoadingBar = loadingBar): void {
  window.addEventListener('click', (e) => {
    const a = (e.target as Element | null)?.closest?.('a[href]');
    if (!a) return;
    const link = { href: a.getAttribute('href') ?? '', target: a.getAttribute('target') ?? '', download: a.hasAttribute('download') };
    if (startsNavigation(link, e, location.href)) bar.begin();
  });
  window.addEventListener('submit', (e) => {
    const form = e.target as HTMLFormElement;
    const submitter = (e as SubmitEvent).submitter;
    // Attributes, not properties: a field named "action" or "target" shadows the form's own.
    const attr = (name: string) => submitter?.getAttribute(`form${name}`) ?? form.getAttribute(name) ?? '';
    const submitted = { action: attr('action'), target: attr('target'), method: attr('method') };
    if (formStartsNavigation(submitted, e.defaultPrevented, location.href)) bar.begin();
  });
  // Back to a page kept in the back-forward cache: whatever the bar showed when it left is over.
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) bar.reset();
  });
}
