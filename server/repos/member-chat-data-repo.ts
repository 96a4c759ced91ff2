// SQL for the data export (issue 18.1), part two: the member's conversations and the messages in
// them (both sides: a message belongs to its conversation), and the money. Large parts are read a
// page at a time, so a member with years of chat stays within each statement's deadline.
import type { Runner } from '../db.js';

type Row = Record<string, unknown>;

/** The member's conversations with the partner's public id and name and the member's own state. */
export async function conversationsOf(db: Runner, profileId: number): Promise<Row[]> {
  return (await db({ c: 'conversations' })
    .leftJoin({ cp: 'conversation_participants' }, (j) => j.on('cp.conversation_id', 'c.id').andOn('cp.profile_id', db.raw('?', [profileId])))
    .join({ p: 'profiles' }, 'p.id', db.raw('CASE WHEN c.profile_low_id = ? THEN c.profile_high_id ELSE c.profile_low_id END', [profileId]))
    .where((q) => q.where('c.profile_low_id', profileId).orWhere('c.profile_high_id', profileId))
    .orderBy('c.id')
    .select(
      'c.id', 'c.started_by_profile_id', 'c.created_at', 'c.last_message_at', 'p.id as partner_id', 'p.name as partner_name',
      'cp.unread_count', 'cp.last_read_at', 'cp.deleted_at',
    )) as Row[];
}

/** One page of a conversation's messages (ids after `afterId`), with the gift's name and the photo's file key. */
export async function messagesPage(db: Runner, conversationId: number, afterId: number, limit: number): Promise<Row[]> {
  return (await db({ m: 'messages' })
    .leftJoin({ g: 'gifts' }, 'g.id', 'm.gift_id')
    .leftJoin({ ph: 'chat_photos' }, 'ph.id', 'm.photo_id')
    .where('m.conversation_id', conversationId)
    .andWhere('m.id', '>', afterId)
    .orderBy('m.id')
    .limit(limit)
    .select('m.id', 'm.sender_profile_id', 'm.kind', 'm.body', 'g.slug as gift', 'ph.file_key as photo_key', 'm.credits_spent', 'm.created_at', 'm.read_at')) as Row[];
}

export async function ledgerPage(db: Runner, userId: number, afterId: number, limit: number): Promise<Row[]> {
  return (await db('credit_ledger').where('user_id', userId).andWhere('id', '>', afterId).orderBy('id').limit(limit).select(
    'id', 'delta', 'balance_after', 'reason', 'reference', 'created_at',
  )) as Row[];
}

/** Payments with the bundle bought; the provider's checkout address is left out (it expires and says nothing more). */
export async function paymentsOf(db: Runner, userId: number): Promise<Row[]> {
  return (await db({ pay: 'payments' })
    .leftJoin({ d: 'discount_codes' }, 'd.id', 'pay.discount_code_id')
    .where('pay.user_id', userId)
    .orderBy('pay.id')
    .select(
      'pay.public_id', 'pay.bundle_id', 'pay.credits', 'pay.amount_cents', 'pay.discount_cents', 'd.code as discount_code', 'pay.currency', 'pay.method',
      'pay.provider', 'pay.provider_ref', 'pay.status', 'pay.is_repeat', 'pay.refunded_cents', 'pay.charged_back_cents', 'pay.credits_reversed',
      'pay.created_at', 'pay.paid_at', 'pay.fulfilled_at', 'pay.updated_at',
    )) as Row[];
}

/** Discount codes made for the member alone (welcome, time bonus, retention). */
export async function personalCodesOf(db: Runner, userId: number): Promise<Row[]> {
  return (await db('discount_codes').where('user_id', userId).orderBy('id').select('code', 'kind', 'value_percentage', 'status', 'uses', 'max_uses', 'expires_at', 'created_at')) as Row[];
}

export async function redemptionsOf(db: Runner, userId: number): Promise<Row[]> {
  return (await db({ r: 'discount_redemptions' })
    .join({ d: 'discount_codes' }, 'd.id', 'r.discount_code_id')
    .leftJoin({ pay: 'payments' }, 'pay.id', 'r.payment_id')
    .where('r.user_id', userId)
    .orderBy('r.id')
    .select('d.code', 'pay.public_id as payment', 'r.status', 'r.created_at', 'r.updated_at')) as Row[];
}
