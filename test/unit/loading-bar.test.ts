// SPEC.md §4, §9: the loading bar starts after a 200 ms throttle, grows every 100 ms over 5000 ms and
// hides 500 ms after finishing; which clicks and forms start it. Timers run on a fake clock.
import { expect } from 'chai';
import { LOADING_BAR_TIMINGS, LoadingBar, formStartsNavigation, startsNavigation, type BarTimers } from '../../islands/lib/loading-bar.js';

type TimerId = ReturnType<typeof setTimeout>;

/** A clock that moves only when told, firing timeouts and intervals in time order. */
function fakeClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void; every?: number }>();
  const add = (fn: () => void, ms: number, every?: number) => {
    const id = nextId++;
    timers.set(id, { at: now + ms, fn, every });
    return id as unknown as TimerId;
  };
  const clear = (id: TimerId | undefined) => void timers.delete(id as unknown as number);
  const api: BarTimers = { setTimeout: (fn, ms) => add(fn, ms), clearTimeout: clear, setInterval: (fn, ms) => add(fn, ms, ms), clearInterval: clear };
  return {
    timers: api,
    pending: () => timers.size,
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
        if (!due) break;
        const [id, timer] = due;
        now = timer.at;
        if (timer.every) timer.at += timer.every;
        else timers.delete(id);
        timer.fn();
      }
      now = until;
    },
  };
}

function barOnFakeClock() {
  const clock = fakeClock();
  const drawn: (number | null)[] = [];
  const bar = new LoadingBar((p) => drawn.push(p), clock.timers);
  return { clock, drawn, bar, last: () => drawn.at(-1) };
}

describe('loading bar timings', () => {
  it('uses the timings of SPEC.md §9', () => {
    expect(LOADING_BAR_TIMINGS).to.deep.equal({ throttleMs: 200, durationMs: 5000, tickMs: 100, hideMs: 500 });
  });

  it('never appears for what finishes within the 200 ms throttle', () => {
    const { clock, drawn, bar } = barOnFakeClock();
    const end = bar.begin();
    clock.advance(199);
    end();
    clock.advance(10_000);
    expect(drawn).to.deep.equal([]);
    expect(clock.pending()).to.equal(0);
  });

  it('appears at 200 ms, grows every 100 ms, and hides 500 ms after finishing', () => {
    const { clock, drawn, bar, last } = barOnFakeClock();
    const end = bar.begin();
    clock.advance(199);
    expect(drawn).to.deep.equal([]);
    clock.advance(1);
    expect(drawn).to.deep.equal([0]);
    clock.advance(100);
    expect(last()).to.be.closeTo(0.02, 1e-9);
    clock.advance(900);
    expect(last()).to.be.closeTo(0.2, 1e-9); // 1 s of 5 s
    end();
    expect(last()).to.equal(1);
    clock.advance(499);
    expect(last()).to.equal(1);
    clock.advance(1);
    expect(last()).to.equal(null);
    expect(clock.pending()).to.equal(0);
  });

  it('reaches full after about 5 s and then finishes by itself (a link that was a download)', () => {
    const { clock, bar, last, drawn } = barOnFakeClock();
    const end = bar.begin();
    clock.advance(200 + 4900);
    expect(last()).to.be.closeTo(0.98, 1e-9);
    clock.advance(100);
    expect(last()).to.equal(1);
    clock.advance(500);
    expect(last()).to.equal(null);
    // The task's own end, much later, changes nothing.
    const count = drawn.length;
    end();
    clock.advance(10_000);
    expect(drawn.length).to.equal(count);
  });

  it('waits for every task that overlaps, and ends once per task only', () => {
    const { clock, bar, last } = barOnFakeClock();
    const first = bar.begin();
    clock.advance(150);
    const second = bar.begin();
    clock.advance(300);
    expect(last()).to.be.a('number').and.below(1);
    first();
    first(); // twice: still one task
    clock.advance(1000);
    expect(last()).to.be.a('number').and.below(1);
    second();
    expect(last()).to.equal(1);
    clock.advance(500);
    expect(last()).to.equal(null);
  });

  it('starts over without a second throttle when a task begins while it is finishing', () => {
    const { clock, bar, last } = barOnFakeClock();
    bar.begin()();
    const end = bar.begin();
    clock.advance(300);
    end();
    clock.advance(200);
    const again = bar.begin();
    expect(last()).to.equal(0);
    clock.advance(100);
    expect(last()).to.be.closeTo(0.02, 1e-9);
    again();
    clock.advance(500);
    expect(last()).to.equal(null);
  });

  it('hides at once on reset (a page back from the back-forward cache)', () => {
    const { clock, bar, last } = barOnFakeClock();
    bar.begin();
    clock.advance(700);
    bar.reset();
    expect(last()).to.equal(null);
    expect(clock.pending()).to.equal(0);
  });
});

describe('loading bar navigation rules', () => {
  const here = 'https://amora.example/members?page=2';
  const plain = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
  const link = (href: string, o: { target?: string; download?: boolean } = {}) => ({ href, target: o.target ?? '', download: o.download ?? false });

  it('starts on a plain click on a link to another page of the site', () => {
    expect(startsNavigation(link('/chats'), plain, here)).to.equal(true);
    expect(startsNavigation(link('https://amora.example/likes#new'), plain, here)).to.equal(true);
    expect(startsNavigation(link('/members?page=3'), plain, here)).to.equal(true);
    expect(startsNavigation(link('/chats', { target: '_self' }), plain, here)).to.equal(true);
  });

  it('does not start for new tabs, downloads, other sites, jumps within the page, or links a script took over', () => {
    expect(startsNavigation(link('/chats', { target: '_blank' }), plain, here)).to.equal(false);
    expect(startsNavigation(link('/receipt.pdf', { download: true }), plain, here)).to.equal(false);
    expect(startsNavigation(link('https://www.google.com/'), plain, here)).to.equal(false);
    expect(startsNavigation(link('mailto:support@amora.example'), plain, here)).to.equal(false);
    expect(startsNavigation(link('#main'), plain, here)).to.equal(false);
    expect(startsNavigation(link('/members?page=2#filters'), plain, here)).to.equal(false);
    for (const key of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const) expect(startsNavigation(link('/chats'), { ...plain, [key]: true }, here), key).to.equal(false);
    expect(startsNavigation(link('/chats'), { ...plain, button: 1 }, here)).to.equal(false);
    expect(startsNavigation(link('/signup'), { ...plain, defaultPrevented: true }, here)).to.equal(false);
  });

  it('starts on a form posted to the site, not on a script\'s form or one for a new window', () => {
    expect(formStartsNavigation({ action: '/activation/resend', target: '', method: 'post' }, false, here)).to.equal(true);
    expect(formStartsNavigation({ action: '', target: '', method: '' }, false, here)).to.equal(true);
    expect(formStartsNavigation({ action: '/chats/send', target: '', method: 'post' }, true, here)).to.equal(false);
    expect(formStartsNavigation({ action: '/x', target: '_blank', method: 'post' }, false, here)).to.equal(false);
    expect(formStartsNavigation({ action: '', target: '', method: 'dialog' }, false, here)).to.equal(false);
    expect(formStartsNavigation({ action: 'https://pay.example/checkout', target: '', method: 'post' }, false, here)).to.equal(false);
  });
});
