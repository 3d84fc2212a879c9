import { StatusCode } from '../../src/contract/envelope'
import { signedIn, type Handlers } from '../call-context'
import { rewardProductCopy } from '../content/agreements'
import { orderFailsFor } from '../payment-outcomes'
import { Refusal } from '../refusal'
import { activeCard, newId } from '../store'
import { latestOrder, orderById, orderView, rightsOwnedAt, rightsValidDays } from '../status'

/** The one rights card on sale: 19.90 CNY for 30 days (list price 39.90). */
export const rightsProduct = { product_id: 'rights_monthly', price: 1_990, original_price: 3_990 } as const

/** The membership-rights card: priority review and the 85% approval rate. */
export const rewardHandlers: Pick<Handlers, 'showRewardProduct' | 'buyRewardProduct' | 'getRewardOrder'> = {
  showRewardProduct: (ctx) => {
    const user = signedIn(ctx)
    const copy = rewardProductCopy(ctx.locale)
    const order = latestOrder(ctx.db, user.id, ctx.now)
    return {
      product: {
        ...rightsProduct,
        name: copy.name,
        valid_days: rightsValidDays,
        benefits: copy.benefits,
        detail_html: copy.detail_html,
      },
      owned: rightsOwnedAt(ctx.db, user.id, ctx.now, ctx.now),
      order: order ? orderView(order, ctx.locale) : null,
    }
  },

  buyRewardProduct: (ctx) => {
    const user = signedIn(ctx)
    const { db, now, input } = ctx
    if (input.product_id !== rightsProduct.product_id) throw new Refusal(StatusCode.notFound, 'notFound')
    const card = activeCard(db, user.id)
    if (!card || card.id !== input.card_id) {
      throw new Refusal(StatusCode.cardRefused, 'cardNotBound', {}, { reason: 'card_not_bound' })
    }
    const last = latestOrder(db, user.id, now)
    if (rightsOwnedAt(db, user.id, now, now) || last?.status === 'pending') {
      throw new Refusal(StatusCode.notPayable, 'alreadyOwned', {}, { reason: 'already_owned' })
    }
    const id = newId('ro')
    db.prepare(
      `INSERT INTO reward_orders (id, user_id, product_id, card_id, amount, status, created_at, settles_to)
       VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)`,
    ).run(id, user.id, rightsProduct.product_id, card.id, rightsProduct.price, now, orderFailsFor(user.persona) ? 'failed' : 'paid')
    const order = orderById(db, user.id, id, now)
    if (!order) throw new Refusal(StatusCode.notFound, 'notFound')
    return { order: orderView(order, ctx.locale) }
  },

  getRewardOrder: (ctx) => {
    const order = orderById(ctx.db, signedIn(ctx).id, ctx.input.order_id, ctx.now)
    if (!order) throw new Refusal(StatusCode.notFound, 'notFound')
    return { order: orderView(order, ctx.locale) }
  },
}
