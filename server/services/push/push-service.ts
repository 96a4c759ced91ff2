// Push subscriptions as browsers hand them over (POST /api/user.php?push=1). Sending is the push
// worker's job; this keeps only well-formed subscriptions to https endpoints.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db.js';
import { ValidationError } from '../../errors.js';
import * as pushRepo from '../../repos/push-repo.js';

const subscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(16).max(200), auth: z.string().min(8).max(100) }),
});

export class PushService {
  constructor(private readonly db: Db) {}

  async subscribe(userId: number, raw: unknown): Promise<void> {
    const parsed = subscriptionSchema.safeParse(raw);
    if (!parsed.success) throw new ValidationError({ subscription: 'invalidField' }, 'invalidInput');
    const hash = createHash('sha256').update(parsed.data.endpoint).digest('hex');
    await pushRepo.upsertSubscription(this.db, userId, hash, JSON.stringify(parsed.data));
  }

  async isSubscribed(userId: number): Promise<boolean> {
    return (await pushRepo.countSubscriptions(this.db, userId)) > 0;
  }
}
