// Work asked for in one turn of the event loop goes out together, in one round trip per batch,
// with at most `tripsMax` trips under way at once per key (a database): while they are, new work
// waits and goes together in the next trip. So the busier the app, the more work shares a trip,
// and a lone request still goes out at once (on the next turn). Used where a statement's cost to
// the app is mostly its socket write and read: the fixed reads (db-read-batch.ts) and the chat
// sends on MySQL (chat-send-repo.ts).

export interface TripBatcherOptions<K, T> {
  /** Items in one trip at most. */
  batchMax: number;
  /** Trips under way at once per key. */
  tripsMax: number;
  /**
   * Makes one trip, and must settle every item of the batch itself: the batcher cannot answer them.
   * A trip that still rejects (its items settled, e.g. a connection that could not be given back)
   * only frees its place for the next trip, rather than becoming an unhandled rejection.
   */
  trip(key: K, batch: T[]): Promise<void>;
}

interface Queue<T> {
  waiting: T[];
  trips: number;
  scheduled: boolean;
}

/** Returns the function that queues an item for its key's next trip. */
export function tripBatcher<K extends object, T>(options: TripBatcherOptions<K, T>): (key: K, item: T) => void {
  const queues = new WeakMap<K, Queue<T>>();

  function startTrips(key: K, queue: Queue<T>): void {
    while (queue.waiting.length > 0 && queue.trips < options.tripsMax) {
      const batch = queue.waiting.splice(0, options.batchMax);
      queue.trips++;
      void options
        .trip(key, batch)
        .catch(() => undefined)
        .finally(() => {
          queue.trips--;
          startTrips(key, queue);
        });
    }
  }

  return (key, item) => {
    let queue = queues.get(key);
    if (!queue) {
      queue = { waiting: [], trips: 0, scheduled: false };
      queues.set(key, queue);
    }
    queue.waiting.push(item);
    if (queue.scheduled) return;
    queue.scheduled = true;
    const q = queue;
    setImmediate(() => {
      q.scheduled = false;
      startTrips(key, q);
    });
  };
}
