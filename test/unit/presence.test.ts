// Presence (issue 16): the words ("online", "active N minutes/hours/days ago") in every language
// with their plural forms, on the server and in the islands alike; what each kind of profile
// shows; and that a slow or broken Redis shows nothing, quickly, instead of breaking the page.
import { expect } from 'chai';
import { pino } from 'pino';
import { createI18n, loadResources } from '../../server/render/i18n.js';
import { PresenceAnswers } from '../../server/services/presence/presence-answers.js';
import { PRESENCE_READ_DEADLINE_MS, PresenceService } from '../../server/services/presence/presence-service.js';
import type { RedisClient } from '../../server/sessions.js';
import type { Db } from '../../server/db.js';
import { createTranslate, type IslandStrings } from '../../islands/lib/translate.js';
import { awaySince, PRESENCE_SHOWN_MINUTES, presenceText, presenceWording } from '../../types/presence.js';
import { LOCALES } from '../../types/settings.js';

const MIN = 60_000;

describe('presence wording', () => {
  it('says minutes below an hour, hours below a day, then days, and nothing after a week', () => {
    const now = Date.UTC(2026, 10, 26, 12);
    const at = (minutesAgo: number) => awaySince(now - minutesAgo * MIN, now);
    expect(at(0)).to.deep.equal({ state: 'away', minutes: 1 });
    expect(at(-5)).to.deep.equal({ state: 'away', minutes: 1 }); // a clock ahead of ours
    expect(at(59.9)).to.deep.equal({ state: 'away', minutes: 59 });
    expect(at(PRESENCE_SHOWN_MINUTES)).to.deep.equal({ state: 'away', minutes: PRESENCE_SHOWN_MINUTES });
    expect(at(PRESENCE_SHOWN_MINUTES + 1)).to.equal(null);
    const words = (minutes: number) => presenceWording({ state: 'away', minutes });
    expect(words(1)).to.deep.equal({ key: 'activeMinutes', count: 1 });
    expect(words(59)).to.deep.equal({ key: 'activeMinutes', count: 59 });
    expect(words(60)).to.deep.equal({ key: 'activeHours', count: 1 });
    expect(words(24 * 60 - 1)).to.deep.equal({ key: 'activeHours', count: 23 });
    expect(words(24 * 60)).to.deep.equal({ key: 'activeDays', count: 1 });
    expect(words(7 * 24 * 60)).to.deep.equal({ key: 'activeDays', count: 7 });
    expect(presenceWording({ state: 'online' })).to.deep.equal({ key: 'online' });
  });

  describe('in every language, the same on the server and in the islands', () => {
    const resources = loadResources();
    const cases: [number, Record<string, string>][] = [
      [1, { en: 'Active 1 minute ago', de: 'Vor 1 Minute aktiv', pl: 'Online 1 minutę temu', fr: 'En ligne il y a 1 minute' }],
      [3, { en: 'Active 3 minutes ago', de: 'Vor 3 Minuten aktiv', pl: 'Online 3 minuty temu', nl: '3 minuten geleden actief' }],
      [5, { pl: 'Online 5 minut temu', it: 'Online 5 minuti fa', es: 'En línea hace 5 minutos' }],
      [22, { pl: 'Online 22 minuty temu' }],
      [120, { en: 'Active 2 hours ago', de: 'Vor 2 Stunden aktiv', pl: 'Online 2 godziny temu', nl: '2 uur geleden actief' }],
      [60 * 5, { pl: 'Online 5 godzin temu' }],
      [60 * 24, { en: 'Active 1 day ago', de: 'Vor 1 Tag aktiv', pl: 'Online 1 dzień temu', es: 'En línea hace 1 día' }],
      [60 * 24 * 3, { en: 'Active 3 days ago', de: 'Vor 3 Tagen aktiv', pl: 'Online 3 dni temu', it: 'Online 3 giorni fa' }],
    ];
    for (const lng of LOCALES) {
      it(lng, async () => {
        const i18n = await createI18n(resources);
        const server = i18n.getFixedT(lng) as unknown as (k: string, v?: Record<string, unknown>) => string;
        const islands = (resources[lng]!.islands as Record<string, IslandStrings>).chat!;
        const island = createTranslate(lng, 'chat', islands);
        for (const minutes of [1, 2, 3, 5, 12, 21, 22, 25, 59, 60, 61, 120, 300, 1439, 1440, 2880, 10080]) {
          const view = { state: 'away' as const, minutes };
          const said = presenceText(server, view);
          expect(said, `${lng} ${minutes}`).to.match(/\d/).and.not.to.include('presence.');
          expect(presenceText(island, view), `${lng} ${minutes} in an island`).to.equal(said);
        }
        for (const [minutes, expected] of cases) if (expected[lng]) expect(presenceText(server, { state: 'away', minutes })).to.equal(expected[lng]);
        expect(presenceText(island, { state: 'online' })).to.equal(presenceText(server, { state: 'online' }));
      });
    }
  });
});

describe('what a profile shows', () => {
  const now = Date.now();
  const row = (o: Partial<{ user_id: number | null; is_fictional: boolean; status: string; last_active_at: number }> = {}) => ({
    user_id: 7, is_fictional: false, status: 'active', last_active_at: now - 10 * MIN, ...o,
  });

  it('members: online, else when last active; nothing when hidden (invisible, deleted) or unknown', () => {
    const answers = new PresenceAnswers(new Set([7]), 'last_active', now);
    expect(answers.of(row())).to.deep.equal({ state: 'online' });
    expect(answers.of(row({ user_id: 8 }))).to.deep.equal({ state: 'away', minutes: 10 });
    expect(answers.of(row({ user_id: null }))).to.deep.equal({ state: 'away', minutes: 10 });
    expect(answers.of(row({ status: 'hidden' }))).to.equal(null);
    expect(answers.of(row({ status: 'disabled' }))).to.deep.equal({ state: 'online' });
    expect(new PresenceAnswers(undefined, 'last_active', now).of(row())).to.equal(null);
    expect(PresenceAnswers.NONE.of(row())).to.equal(null);
  });

  it('fictional profiles: as the site setting says', () => {
    const fictional = row({ user_id: null, is_fictional: true, last_active_at: now - 90 * MIN });
    expect(new PresenceAnswers(new Set(), 'none', now).of(fictional)).to.equal(null);
    expect(new PresenceAnswers(new Set(), 'last_active', now).of(fictional)).to.deep.equal({ state: 'away', minutes: 90 });
    expect(new PresenceAnswers(undefined, 'always_online', now).of(fictional)).to.deep.equal({ state: 'online' });
    expect(new PresenceAnswers(new Set(), 'always_online', now).of({ ...fictional, status: 'hidden' })).to.equal(null);
  });
});

describe('presence when Redis is slow or down', () => {
  const logger = pino({ level: 'silent' });
  const noEvents = { publish: async () => undefined };
  /** A Redis client whose pipelines never answer (frozen) or fail at once (gone). */
  const fakeRedis = (url: string, exec: () => Promise<unknown>) =>
    ({ options: { url }, multi() {
      const batch = { zCount: () => batch, execAsPipeline: exec };
      return batch;
    } }) as unknown as RedisClient;

  it('answers "not known" within its deadline from a frozen Redis, and cards show nothing for members', async () => {
    const presence = new PresenceService({ db: {} as Db, redis: fakeRedis('redis://frozen.invalid:1', () => new Promise(() => undefined)), events: noEvents, logger });
    const started = Date.now();
    expect(await presence.onlineAmong([1, 2, 3])).to.equal(undefined);
    expect(Date.now() - started).to.be.below(PRESENCE_READ_DEADLINE_MS + 150);
    const answers = await presence.answersFor([{ user_id: 1, is_fictional: false, status: 'active', last_active_at: Date.now() }, { user_id: null, is_fictional: true, status: 'active', last_active_at: Date.now() }], 'always_online');
    expect(answers.of({ user_id: 1, is_fictional: false, status: 'active', last_active_at: Date.now() })).to.equal(null);
    expect(answers.of({ user_id: null, is_fictional: true, status: 'active', last_active_at: Date.now() })).to.deep.equal({ state: 'online' });
  });

  it('answers "not known" from a Redis that fails, and asks nothing for a page without members', async () => {
    let asked = 0;
    const presence = new PresenceService({
      db: {} as Db,
      redis: fakeRedis('redis://gone.invalid:1', () => {
        asked++;
        return Promise.reject(new Error('connection refused'));
      }),
      events: noEvents,
      logger,
    });
    expect(await presence.onlineAmong([4])).to.equal(undefined);
    expect(asked).to.equal(1);
    await presence.answersFor([{ user_id: null, is_fictional: true, status: 'active', last_active_at: 0 }], 'last_active');
    expect(await presence.onlineAmong([])).to.deep.equal(new Set());
    expect(asked).to.equal(1);
  });
});
