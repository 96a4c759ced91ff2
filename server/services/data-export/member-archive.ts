// Writes one member's data export (issue 18.1) as a ZIP: README.txt in the member's language,
// the JSON files of everything stored about them, and their photos as files. Conversations and
// the ledger are read and written a page at a time. The same code serves the member's download
// and `amora accounts export`.
import { readFile } from 'node:fs/promises';
import type { TFunction } from 'i18next';
import type { Runner } from '../../db.js';
import { NotFoundError } from '../../errors.js';
import * as chatData from '../../repos/member-chat-data-repo.js';
import { accountOf, profileOf } from '../../repos/member-data-repo.js';
import { findSiteById } from '../../repos/sites-repo.js';
import type { MediaService } from '../media/media-service.js';
import { siteMailContext } from '../notifications/site-mail-context.js';
import * as docs from './member-documents.js';
import { exportReadme } from './export-readme.js';
import { ZipFile } from './zip-file.js';

type Row = Record<string, unknown>;

export interface ArchiveStores {
  media: MediaService;
  chatMedia: MediaService;
}

const MESSAGE_PAGE = 1000;
const LEDGER_PAGE = 5000;

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
/** One element of a top-level array, indented like the rest of the file. */
const element = (value: unknown, first: boolean) => `${first ? '' : ',\n'}  ${JSON.stringify(value, null, 2).replace(/\n/g, '\n  ')}`;

/** Writes the ZIP to `path` (a new file); returns its size. Throws NotFoundError for an unknown member. */
export async function writeMemberArchive(db: Runner, stores: ArchiveStores, userId: number, path: string, t: TFunction, now = new Date()): Promise<number> {
  const account = await accountOf(db, userId);
  if (!account) throw new NotFoundError();
  const profile = (await profileOf(db, userId)) ?? null;
  const siteRow = await findSiteById(db, Number(account.site_id));
  const supportEmail = siteRow ? siteMailContext(siteRow).supportEmail : '';
  const zip = await ZipFile.create(path, now);
  try {
    await zip.addText('README.txt', exportReadme(t, { siteName: String(account.site_name), domain: String(account.site_domain), supportEmail, createdAt: now }));
    await zip.addText('account.json', json(await docs.accountDocument(db, account)));
    const own = profile ? await docs.profileDocument(db, profile) : { document: null, photos: [] };
    const present = new Set<string>();
    for (const p of own.photos) if (await addPhoto(zip, p.path, stores.media.pathOf(p.fileKey, 'full'))) present.add(p.path);
    // A photo whose file is gone (a rejected one) is listed without a file.
    if (own.document) for (const p of own.document.photos as Row[]) if (!present.has(String(p.file))) p.file = null;
    await zip.addText('profile.json', json(own.document));
    const profileId = profile ? Number(profile.id) : null;
    await zip.addText('likes.json', json(profileId === null ? { given: [], received: [] } : await docs.likesDocument(db, profileId)));
    await zip.addText('blocks.json', json(profileId === null ? { blocked_by_you: [] } : await docs.blocksDocument(db, profileId)));
    const chat = await writeConversations(zip, db, profileId);
    for (const p of chat.photos) await addPhoto(zip, p.path, stores.chatMedia.pathOf(p.fileKey, 'full'));
    await zip.addText('gifts.json', json(chat.gifts));
    await zip.addText('payments.json', json(await docs.paymentsDocument(db, userId)));
    await writeLedger(zip, db, userId);
    await zip.addText('notifications.json', json(await docs.notificationsDocument(db, userId, [String(account.email)])));
    await zip.addText('consents.json', json(await docs.consentsDocument(db, userId)));
    await zip.addText('logins.json', json(await docs.loginsDocument(db, userId, account)));
    await zip.addText('complaints.json', json(await docs.complaintsDocument(db, userId)));
    return await zip.close();
  } catch (err) {
    await zip.abort();
    throw err;
  }
}

/** Adds a photo file; one whose file is gone (rejected, or an interrupted removal) is left out rather than failing the export. */
async function addPhoto(zip: ZipFile, name: string, file: string): Promise<boolean> {
  const data = await readFile(file).catch(() => undefined);
  if (data) await zip.addFile(name, data);
  return data !== undefined;
}

interface ChatExtras {
  gifts: { sent: Row[]; received: Row[] };
  photos: { path: string; fileKey: string }[];
}

/** conversations.json, one conversation at a time; collects the gifts and photo files on the way. */
async function writeConversations(zip: ZipFile, db: Runner, profileId: number | null): Promise<ChatExtras> {
  const extras: ChatExtras = { gifts: { sent: [], received: [] }, photos: [] };
  const conversations = profileId === null ? [] : await chatData.conversationsOf(db, profileId);
  await zip.addStream('conversations.json', async (push) => {
    await push('[\n');
    for (const [i, c] of conversations.entries()) {
      const partner = { id: Number(c.partner_id), name: c.partner_name };
      const messages: Row[] = [];
      for (let after = 0; ; ) {
        const page = await chatData.messagesPage(db, Number(c.id), after, MESSAGE_PAGE);
        for (const m of page) messages.push(messageOf(m, Number(c.id), profileId!, partner, extras));
        if (page.length < MESSAGE_PAGE) break;
        after = Number(page.at(-1)!.id);
      }
      await push(element({
        id: Number(c.id), partner, started_by: Number(c.started_by_profile_id) === profileId ? 'you' : 'partner',
        created_at: docs.iso(c.created_at), last_message_at: docs.iso(c.last_message_at),
        your_state: { unread: c.unread_count === null ? 0 : Number(c.unread_count), last_read_at: docs.iso(c.last_read_at), removed_from_your_list_at: docs.iso(c.deleted_at) },
        messages,
      }, i === 0));
    }
    await push(`${conversations.length ? '\n' : ''}]\n`);
  });
  return extras;
}

/** A message as the member saw it; what the partner spent on their own messages is theirs and left out. */
function messageOf(m: Row, conversationId: number, profileId: number, partner: { id: number; name: unknown }, extras: ChatExtras): Row {
  const mine = Number(m.sender_profile_id) === profileId;
  const photo = m.photo_key ? `photos/chat/${String(m.id)}.jpg` : null;
  if (photo) extras.photos.push({ path: photo, fileKey: String(m.photo_key) });
  const at = docs.iso(m.created_at);
  if (m.kind === 'gift' && m.gift) {
    if (mine) extras.gifts.sent.push({ gift: m.gift, to: partner, conversation_id: conversationId, message_id: Number(m.id), credits: Number(m.credits_spent), at });
    else extras.gifts.received.push({ gift: m.gift, from: partner, conversation_id: conversationId, message_id: Number(m.id), at });
  }
  return {
    id: Number(m.id), from: mine ? 'you' : 'partner', kind: m.kind, text: m.body, gift: m.gift ?? null, photo,
    ...(mine ? { credits_spent: Number(m.credits_spent) } : {}), sent_at: at, read_at: docs.iso(m.read_at),
  };
}

async function writeLedger(zip: ZipFile, db: Runner, userId: number): Promise<void> {
  await zip.addStream('credit-ledger.json', async (push) => {
    await push('[\n');
    let first = true;
    for (let after = 0; ; ) {
      const page = await chatData.ledgerPage(db, userId, after, LEDGER_PAGE);
      const text = page.map((l) => element({
        id: Number(l.id), change: Number(l.delta), balance_after: Number(l.balance_after), reason: l.reason, reference: l.reference, at: docs.iso(l.created_at),
      }, first && l === page[0])).join('');
      if (text) await push(text);
      first = first && !page.length;
      if (page.length < LEDGER_PAGE) break;
      after = Number(page.at(-1)!.id);
    }
    await push(first ? ']\n' : '\n]\n');
  });
}
