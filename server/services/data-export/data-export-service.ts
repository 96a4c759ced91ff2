// "Download my data" (issue 18.1, GDPR art. 15 and 20). The request only queues a row; a worker
// (the server's, every few seconds, or `amora accounts prepare-exports`) builds the ZIP under
// DATA_DIR/exports/ with a lease, as the mail outbox does, then mails a link. The link needs the
// member's session too, works once and for 7 days; the file goes when it is downloaded or expires.
// Operators answer a written request with `amora accounts export` through the same archive code.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { ReadStream } from 'node:fs';
import type { i18n as I18n } from 'i18next';
import type { Logger } from 'pino';
import type { Db } from '../../db.js';
import { NotFoundError, RateLimitedError } from '../../errors.js';
import * as repo from '../../repos/data-exports-repo.js';
import { deleteLoginsBefore } from '../../repos/member-logins-repo.js';
import { insertAuditEntry } from '../../repos/audit-log-repo.js';
import { findMember } from '../../repos/users-repo.js';
import { findSiteById } from '../../repos/sites-repo.js';
import { actionEmail } from '../mail/email-templates.js';
import type { MailService } from '../mail/mail-service.js';
import { mailLanguage, siteMailContext } from '../notifications/site-mail-context.js';
import type { TokensService } from '../tokens/tokens-service.js';
import { writeMemberArchive, type ArchiveStores } from './member-archive.js';
import { EXPORT_LINK_DAYS, type DataExportState } from '../../../types/data-export.js';

const LINK_MS = EXPORT_LINK_DAYS * 24 * 3600_000;
/** Requests a member may make in 24 hours (each one builds a ZIP of everything). */
export const EXPORTS_PER_DAY = 3;
/** Far longer than building an export takes, so a lease never runs out mid-build. */
const LEASE_MS = 15 * 60_000;
/** Minutes to wait after the 1st, 2nd, … failed attempt; after the last one the export has failed. */
const BACKOFF_MINUTES = [1, 5, 30, 120];
/** The login history covers a year. */
const LOGINS_KEPT_MS = 365 * 24 * 3600_000;
/** A file no row names (a crash between writing and recording it) is deleted after this. */
const ORPHAN_MS = 3600_000;


export interface Download {
  stream: ReadStream;
  size: number;
  /** The name the browser saves it under: site and date, never an id. */
  fileName: string;
}

export class DataExportService {
  private readonly worker = `export-${randomUUID()}`;
  private running: Promise<number> | undefined;

  constructor(
    private readonly db: Db,
    private readonly deps: { stores: ArchiveStores; exportsDir: string; tokens: TokensService; mail: MailService; i18n: I18n; logger: Logger },
  ) {}

  /** Queues an export; 'already' when one is being prepared. Throws RateLimitedError past the daily limit. */
  async request(userId: number, baseUrl: string, now = Date.now()): Promise<'queued' | 'already'> {
    return this.db.transaction(async (tx) => {
      await repo.lockMember(tx, userId);
      const latest = await repo.latestExportOf(tx, userId);
      if (latest?.status === 'requested') return 'already';
      if ((await repo.countRequestedSince(tx, userId, now - 24 * 3600_000)) >= EXPORTS_PER_DAY) {
        throw new RateLimitedError('accountData.exportTooMany', { max: EXPORTS_PER_DAY });
      }
      await repo.insertExport(tx, userId, baseUrl, now);
      return 'queued';
    });
  }

  /** What /settings says about the member's newest export. */
  async stateOf(userId: number, now = Date.now()): Promise<DataExportState> {
    const latest = await repo.latestExportOf(this.db, userId);
    if (latest?.status === 'requested') return { state: 'preparing', requestedAt: latest.created_at };
    if (latest?.status === 'ready' && latest.expires_at! > now) return { state: 'ready', expiresAt: latest.expires_at! };
    if (latest?.status === 'failed') return { state: 'failed' };
    return null;
  }

  /** Builds the exports that are due; returns how many became ready. Calls that overlap share one run. */
  processDue(o: { limit?: number; now?: number } = {}): Promise<number> {
    this.running ??= this.process(o.limit ?? 5, o.now ?? Date.now()).finally(() => (this.running = undefined));
    return this.running;
  }

  private async process(limit: number, now: number): Promise<number> {
    let ready = 0;
    for (const id of await repo.dueExportIds(this.db, now, limit)) {
      const row = await repo.claimExport(this.db, id, this.worker, now, LEASE_MS);
      if (row && (await this.build(row))) ready++;
    }
    if (ready) void this.deps.mail.deliverDue().catch(() => undefined);
    return ready;
  }

  private async build(row: repo.DataExportRow): Promise<boolean> {
    const fileName = `${randomBytes(24).toString('base64url')}.zip`;
    const path = join(this.deps.exportsDir, fileName);
    try {
      const member = await findMember(this.db, row.user_id);
      const siteRow = member ? await findSiteById(this.db, member.site_id) : undefined;
      if (!member || !siteRow) throw new NotFoundError();
      const site = siteMailContext(siteRow);
      const language = mailLanguage(member.language, site);
      const size = await this.writeArchive(row.user_id, path, language);
      const now = Date.now();
      const done = await this.db.transaction(async (tx) => {
        if (!(await repo.markReady(tx, row.id, this.worker, { fileName, size, now, expiresAt: now + LINK_MS }))) return false;
        await repo.expireOtherReady(tx, row.user_id, row.id);
        const token = await this.deps.tokens.issue(row.user_id, 'data_export', LINK_MS, { export: row.id }, tx);
        const content = actionEmail(this.deps.i18n.getFixedT(language), {
          template: 'dataExport', name: member.profile_name, siteName: site.name, supportEmail: site.supportEmail,
          url: `${row.base_url}/settings/export/${token}`, vars: { days: EXPORT_LINK_DAYS },
        });
        await this.deps.mail.enqueue({ siteId: member.site_id, userId: row.user_id, to: member.email, template: 'data_export', language, ...content }, tx);
        return true;
      });
      if (!done) await unlink(path).catch(() => undefined);
      return done;
    } catch (err) {
      await unlink(path).catch(() => undefined);
      const wait = BACKOFF_MINUTES[row.attempts];
      const message = err instanceof Error ? err.message : String(err);
      await repo.markAttemptFailed(this.db, row.id, this.worker, message, wait === undefined ? null : Date.now() + wait * 60_000);
      this.deps.logger.warn({ exportId: row.id, attempts: row.attempts + 1, retry: wait !== undefined, err: message }, 'data export failed');
      return false;
    }
  }

  /** Writes the ZIP under a temporary name first, so a half-written file is never taken for a ready one. */
  private async writeArchive(userId: number, path: string, language: string): Promise<number> {
    await mkdir(this.deps.exportsDir, { recursive: true, mode: 0o700 });
    const partial = `${path}.part`;
    try {
      const size = await writeMemberArchive(this.db, this.deps.stores, userId, partial, this.deps.i18n.getFixedT(language));
      await rename(partial, path);
      return size;
    } finally {
      await unlink(partial).catch(() => undefined);
    }
  }

  /**
   * The member's ready export for the link's token, marked downloaded (the token is used up); the
   * file is unlinked at once and read through the open handle. Undefined for a used, expired,
   * unknown or another member's link (which stays usable for its owner).
   */
  async download(userId: number, token: string, now = Date.now()): Promise<Download | undefined> {
    const row = await this.db.transaction(async (tx) => {
      const used = await this.deps.tokens.consumeOwn('data_export', token, userId, tx);
      const exportId = Number((used?.payload as { export?: unknown } | null)?.export);
      return used && Number.isInteger(exportId) ? repo.markDownloaded(tx, exportId, userId, now) : undefined;
    });
    if (!row?.file_name) return undefined;
    const path = join(this.deps.exportsDir, row.file_name);
    const handle = await open(path, 'r').catch(() => undefined);
    await unlink(path).catch(() => undefined);
    await repo.forgetFile(this.db, row.id);
    if (!handle) return undefined;
    const { size } = await handle.stat();
    const member = await findMember(this.db, userId);
    const site = member ? await findSiteById(this.db, member.site_id) : undefined;
    const day = new Date(row.created_at).toISOString().slice(0, 10);
    return { stream: handle.createReadStream(), size, fileName: `${site?.domain ?? 'amora'}-data-${day}.zip`.replace(/[^A-Za-z0-9._-]/g, '-') };
  }

  /**
   * Housekeeping (the server's worker, and `amora accounts purge` / `prepare-exports`): expires
   * links past their 7 days, deletes the files of downloaded, expired and failed exports and any
   * file no row names, and logins older than a year.
   */
  async sweep(now = Date.now()): Promise<{ filesDeleted: number }> {
    await repo.expireDue(this.db, now);
    let filesDeleted = 0;
    for (;;) {
      const batch = await repo.filesToRemove(this.db, 100);
      if (!batch.length) break;
      for (const f of batch) {
        await unlink(join(this.deps.exportsDir, f.file_name)).catch(() => undefined);
        await repo.forgetFile(this.db, f.id);
        filesDeleted++;
      }
    }
    filesDeleted += await this.removeOrphans(now);
    await deleteLoginsBefore(this.db, now - LOGINS_KEPT_MS);
    return { filesDeleted };
  }

  private async removeOrphans(now: number): Promise<number> {
    const names = await readdir(this.deps.exportsDir).catch(() => [] as string[]);
    if (!names.length) return 0;
    const known = await repo.knownFileNames(this.db);
    let removed = 0;
    for (const name of names.filter((n) => !known.has(n))) {
      const path = join(this.deps.exportsDir, name);
      const info = await stat(path).catch(() => undefined);
      if (info?.isFile() && now - info.mtimeMs > ORPHAN_MS && (await unlink(path).then(() => true, () => false))) removed++;
    }
    return removed;
  }

  /** `amora accounts export`: the member's ZIP written to `path` (a new file) for an operator; returns its size. */
  async exportToFile(userId: number, path: string, o: { language?: string; actor: string }): Promise<number> {
    const member = await findMember(this.db, userId);
    const siteRow = member ? await findSiteById(this.db, member.site_id) : undefined;
    if (!member || !siteRow) throw new NotFoundError();
    const language = o.language ?? mailLanguage(member.language, siteMailContext(siteRow));
    let size: number;
    try {
      size = await writeMemberArchive(this.db, this.deps.stores, userId, path, this.deps.i18n.getFixedT(language));
    } catch (err) {
      // A file that was there before is the operator's: only a half-written one of ours goes.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') await unlink(path).catch(() => undefined);
      throw err;
    }
    await insertAuditEntry(this.db, { actor: o.actor, action: 'account.export', subject: `user:${userId}` });
    return size;
  }
}
