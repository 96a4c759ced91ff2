// The trip batcher: what is asked in one turn goes in one trip, no more than so many per trip and
// so many trips at once per key, and work asked while the trips are under way goes in the next.
import { expect } from 'chai';
import { tripBatcher } from '../../server/lib/trip-batcher.js';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('trip batcher', () => {
  it('sends what one turn asks together, split by batchMax, at most tripsMax trips at once, the rest after', async () => {
    const trips: number[][] = [];
    const finishers: (() => void)[] = [];
    const queue = tripBatcher<object, number>({
      batchMax: 3,
      tripsMax: 2,
      trip: (_key, batch) => {
        trips.push(batch);
        return new Promise<void>((resolve) => finishers.push(resolve));
      },
    });
    const db = {};
    for (let i = 1; i <= 8; i++) queue(db, i);
    expect(trips).to.deep.equal([]);
    await turn();
    expect(trips).to.deep.equal([[1, 2, 3], [4, 5, 6]]);
    queue(db, 9);
    await turn();
    expect(trips).to.have.length(2);
    finishers.shift()!();
    await turn();
    expect(trips).to.deep.equal([[1, 2, 3], [4, 5, 6], [7, 8, 9]]);
  });

  it('keeps each key apart, and a failed trip does not stop the next', async () => {
    const trips: string[][] = [];
    const queue = tripBatcher<{ name: string }, string>({
      batchMax: 10,
      tripsMax: 1,
      trip: async (key, batch) => {
        trips.push(batch.map((x) => `${key.name}:${x}`));
        if (batch.includes('bad')) throw new Error('lost');
      },
    });
    const a = { name: 'a' };
    const b = { name: 'b' };
    queue(a, 'bad');
    queue(b, 'x');
    await turn();
    queue(a, 'later');
    await turn();
    await turn();
    expect(trips).to.deep.equal([['a:bad'], ['b:x'], ['a:later']]);
  });
});
