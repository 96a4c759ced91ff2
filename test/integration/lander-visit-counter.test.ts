// The lander visit counter (services/traffic/lander-visit-counter.ts) on each backend: sums kept in
// memory reach the table by an upsert that adds; two flushes at once (one process, or two processes
// on one row) write every visit exactly once; a database that is away keeps the counts for the next
// flush; shutdown flushes; a flood of made-up networks folds into one row.
import { expect } from 'chai';
import { addVisits, type VisitCount } from '../../server/repos/lander-visits-repo.js';
import { LanderVisitCounter, MAX_PENDING_KEYS, OVERFLOW_NETWORK, type VisitKey } from '../../server/services/traffic/lander-visit-counter.js';
import { createLogger } from '../../server/logger.js';
import { describeEachBackend } from '../helpers/backends.js';

const logger = createLogger({ logLevel: 'silent' });

describeEachBackend('lander visit counter', (env) => {
  let network = '';
  const db = () => env().rt.db;
  const key = (over: Partial<VisitKey> = {}): VisitKey => ({ siteId: 1, day: '2026-11-20', lander: 'video', variant: 'summer', network, ...over });
  const stored = async () => {
    const rows = (await db()('lander_visits').where({ network }).orWhere({ network: `${network}-b` }).select('day', 'lander', 'variant', 'network', 'visits')) as VisitCount[];
    return Object.fromEntries(rows.map((r) => [`${r.day} ${r.lander}/${r.variant} ${r.network}`, Number(r.visits)]));
  };
  const counter = (over: Partial<ConstructorParameters<typeof LanderVisitCounter>[0]> = {}) => new LanderVisitCounter({ db: db(), logger, ...over });

  beforeEach(() => {
    network = `cnt-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  });

  it('adds each flush\'s sums to the rows, per day, lander, variant and network', async () => {
    const c = counter();
    for (let i = 0; i < 3; i++) c.record(key());
    c.record(key({ variant: '' }));
    c.record(key({ day: '2026-11-21' }));
    c.record(key({ network: `${network}-b` }));
    expect(c.pendingVisits()).to.equal(6);
    await c.flush();
    expect(c.pendingVisits()).to.equal(0);
    c.record(key());
    c.record(key());
    await c.flush();
    await c.flush(); // nothing pending: nothing written
    expect(await stored()).to.deep.equal({
      [`2026-11-20 video/summer ${network}`]: 5,
      [`2026-11-20 video/ ${network}`]: 1,
      [`2026-11-21 video/summer ${network}`]: 1,
      [`2026-11-20 video/summer ${network}-b`]: 1,
    });
    await c.close();
  });

  it('writes every visit once when flushes overlap, in one process and across processes', async () => {
    const a = counter();
    const b = counter();
    const rounds = 20;
    const work: Promise<void>[] = [];
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < 5; i++) {
        a.record(key());
        b.record(key());
        // Keys that do not exist yet, created by both processes in the same flush.
        a.record(key({ lander: 'gallery', variant: `r${round}` }));
        b.record(key({ lander: 'gallery', variant: `r${round}` }));
      }
      // Each process flushes twice at once, while the other flushes too.
      work.push(a.flush(), a.flush(), b.flush(), b.flush());
    }
    await Promise.all(work);
    await Promise.all([a.close(), b.close()]);
    const rows = await stored();
    expect(rows[`2026-11-20 video/summer ${network}`]).to.equal(2 * 5 * rounds);
    for (let round = 0; round < rounds; round++) expect(rows[`2026-11-20 gallery/r${round} ${network}`], `round ${round}`).to.equal(10);
  });

  it('keeps the counts while the database is away and saves them with the next flush', async () => {
    let away = true;
    const c = counter({
      save: async (counts) => {
        if (away) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        await addVisits(db(), counts);
      },
    });
    c.record(key());
    c.record(key());
    await c.flush();
    c.record(key());
    await c.flush();
    expect(c.pendingVisits()).to.equal(3);
    expect(await stored()).to.deep.equal({});
    away = false;
    await c.flush();
    expect(c.pendingVisits()).to.equal(0);
    expect(await stored()).to.deep.equal({ [`2026-11-20 video/summer ${network}`]: 3 });
  });

  it('lets go of counts the database refuses for itself instead of blocking later flushes', async () => {
    const c = counter();
    c.record(key({ siteId: 987654 })); // no such site: the foreign key refuses it
    await c.flush();
    expect(c.pendingVisits()).to.equal(0);
    c.record(key());
    await c.flush();
    expect(await stored()).to.deep.equal({ [`2026-11-20 video/summer ${network}`]: 1 });
  });

  it('flushes by itself every interval and at shutdown', async () => {
    const c = counter({ intervalMs: 50 });
    c.record(key());
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await stored()).to.deep.equal({ [`2026-11-20 video/summer ${network}`]: 1 });
    c.record(key());
    await c.close();
    expect(await stored()).to.deep.equal({ [`2026-11-20 video/summer ${network}`]: 2 });
    c.record(key()); // after close: counted, flushed by nobody but an explicit flush
    await c.flush();
    expect(await stored()).to.deep.equal({ [`2026-11-20 video/summer ${network}`]: 3 });
  });

  it('folds a flood of made-up networks into one row once it holds too many keys', async () => {
    const c = counter();
    for (let i = 0; i < MAX_PENDING_KEYS + 50; i++) c.record(key({ day: '2026-11-22', network: `${network}-${i}` }));
    expect(c.pendingVisits()).to.equal(MAX_PENDING_KEYS + 50);
    await c.flush();
    const folded = await db()('lander_visits').where({ day: '2026-11-22', network: OVERFLOW_NETWORK, variant: 'summer' }).first('visits');
    expect(Number(folded.visits)).to.be.at.least(50);
    const kept = await db()('lander_visits').where({ day: '2026-11-22' }).andWhere('network', 'like', `${network}-%`).count({ n: '*' }).first();
    expect(Number(kept?.n)).to.equal(MAX_PENDING_KEYS);
  });
});
