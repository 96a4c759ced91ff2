// Erasing a purged member (SPEC.md §4, issue 13.4): one transaction deletes or blanks every row
// that holds their address, name, IP, phone, bank details, words or photos, and queues their files;
// after the commit the files go, then the Redis sessions and counters. The credit ledger and the
// payments stay for the books under the anonymous user id, as does each mandate's reference.
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { flushDeletedPages, type Db, type Runner } from '../../db.js';
import * as deletionRepo from '../../repos/account-deletion-repo.js';
import { applyCreditDelta, creditBalance } from '../../repos/credits-repo.js';
import * as erasureRepo from '../../repos/erasure-repo.js';
import { deletePhotosOfProfile, fileKeysOfProfile } from '../../repos/photos-repo.js';
import type { RedisClient } from '../../sessions.js';
import { mailFilesOf } from '../mail/mail-files.js';
import type { MediaService } from '../media/media-service.js';

export interface ErasureStores {
  media: MediaService;
  chatMedia: MediaService;
  /** The embedded mail default's folder of .eml files. */
  mailDir: string;
  /** DATA_DIR/exports: the members' data export ZIPs. */
  exportsDir: string;
}

export interface ErasableAccount {
  id: number;
  profile_id: number | null;
}

const REMOVAL_BATCH = 200;
const SESSION_PREFIX = 'amora:sess:';

export class AccountErasure {
  constructor(
    private readonly db: Db,
    private readonly stores: ErasureStores,
    private readonly redis?: RedisClient,
  ) {}

  /** Erases the accounts' data; returns how many photos (profile and chat) it deleted. */
  async erase(accounts: ErasableAccount[], o: { now: number; relayBefore: number }): Promise<{ photos: number }> {
    const subjects: erasureRepo.ErasureSubject[] = [];
    for (const u of accounts) subjects.push(await erasureRepo.loadSubject(this.db, u.id, u.profile_id));
    // Read before the transactions: a file written later belongs to a mail the purge deletes unsent.
    const mailFiles = await mailFilesOf(this.stores.mailDir, subjects);
    let photos = 0;
    const done: erasureRepo.ErasureSubject[] = [];
    try {
      for (const [i, u] of accounts.entries()) {
        const subject = subjects[i]!;
        await this.db.transaction(async (tx) => {
          // The balance (read in the transaction) leaves through the ledger, so the books still add up.
          const credits = (await creditBalance(tx, u.id)) ?? 0;
          if (credits > 0) await applyCreditDelta(tx, { userId: u.id, delta: -credits, reason: 'purge', idempotencyKey: `purge:${u.id}` });
          if (u.profile_id !== null) photos += await this.eraseProfile(tx, u.profile_id, o.now);
          await erasureRepo.queueFileRemovals(tx, 'mail', mailFiles[i]!, o.now);
          await erasureRepo.deletePersonalRows(tx, subject);
          await erasureRepo.eraseDataExports(tx, u.id, o.now);
          await erasureRepo.anonymiseMandates(tx, u.id);
          await erasureRepo.deleteSessions(tx, u.id);
          await erasureRepo.deleteRateLimits(tx, subject, o.now);
          await erasureRepo.redactAuditLog(tx, subject);
          await erasureRepo.deleteRelayedEventsBefore(tx, o.relayBefore);
          await deletionRepo.anonymise(tx, u.id, u.profile_id, o.now);
        });
        done.push(subject);
      }
    } finally {
      // Also when a later account failed: the committed ones are not picked up again.
      await this.removeQueuedFiles();
      await flushDeletedPages(this.db);
      await this.eraseFromRedis(done);
    }
    return { photos };
  }

  /** Profile photos and photos sent in chat: rows now, files queued for after the commit. */
  private async eraseProfile(tx: Runner, profileId: number, now: number): Promise<number> {
    const own = await fileKeysOfProfile(tx, profileId);
    const sent = await erasureRepo.chatPhotoKeysSentBy(tx, profileId);
    await erasureRepo.queueFileRemovals(tx, 'media', own, now);
    await erasureRepo.queueFileRemovals(tx, 'chat-media', sent, now);
    await deletePhotosOfProfile(tx, profileId);
    await erasureRepo.eraseChat(tx, profileId);
    return own.length + sent.length;
  }

  /** Deletes queued files, then their rows; what a crashed run left is finished here too. */
  async removeQueuedFiles(): Promise<void> {
    for (;;) {
      const batch = await erasureRepo.pendingFileRemovals(this.db, REMOVAL_BATCH);
      if (!batch.length) return;
      await Promise.all(batch.map((f) => this.removeFile(f)));
      await erasureRepo.deleteFileRemovals(this.db, batch.map((f) => f.id));
    }
  }

  private async removeFile(f: erasureRepo.FileRemoval): Promise<void> {
    if (f.store === 'media') return this.stores.media.remove(f.name);
    if (f.store === 'chat-media') return this.stores.chatMedia.remove(f.name);
    if (f.store === 'exports') {
      if (/^[A-Za-z0-9_-]+\.zip$/.test(f.name)) await unlink(join(this.stores.exportsDir, f.name)).catch(() => undefined);
      return;
    }
    // Only a plain file name of the mail folder, never a path out of it.
    if (/^[A-Za-z0-9._-]+\.eml$/.test(f.name)) await unlink(join(this.stores.mailDir, f.name)).catch(() => undefined);
  }

  /** Sessions and limiter counters in Redis (when configured): one scan for the whole batch. */
  private async eraseFromRedis(subjects: erasureRepo.ErasureSubject[]): Promise<void> {
    const redis = this.redis;
    if (!redis || !subjects.length) return;
    const ids = new Set(subjects.map((s) => s.userId));
    for await (const keys of redis.scanIterator({ MATCH: 'amora:*', COUNT: 500 })) {
      const sessions = keys.filter((k) => k.startsWith(SESSION_PREFIX));
      const values = sessions.length ? await redis.mGet(sessions) : [];
      const doomed = [
        ...sessions.filter((_, i) => ids.has(erasureRepo.sessionUserId(values[i] ?? '') ?? -1)),
        ...keys.filter((k) => !k.startsWith(SESSION_PREFIX) && subjects.some((s) => erasureRepo.isMemberKey(k, s))),
      ];
      if (doomed.length) await redis.del(doomed);
    }
  }
}
