// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import { renderIn } from './render-in'
import { RightsCard, type RightsOrderView, type RightsProduct } from './rights-card'

afterEach(cleanup)

const product: RightsProduct = {
  product_id: 'rights-card',
  price: 29_900,
  original_price: 49_900,
  valid_days: 30,
  benefits: [{ code: 'priority_review' }, { code: 'approval_85' }, { code: 'lifestyle' }],
}

function card(
  props: {
    owned?: boolean
    order?: RightsOrderView | null
    onBuy?: () => void
    onOpenAgreement?: () => void
    chargedCard?: { bank_name: string; last4: string } | null
    purchasable?: boolean
    buying?: boolean
  } = {},
) {
  return (
    <RightsCard
      product={product}
      chargedCard={props.chargedCard ?? null}
      purchasable={props.purchasable ?? true}
      buying={props.buying ?? false}
      owned={props.owned ?? false}
      order={props.order ?? null}
      onBuy={props.onBuy ?? (() => undefined)}
      onOpenAgreement={props.onOpenAgreement ?? (() => undefined)}
    />
  )
}

test('the card shows the three benefits and the price in Chinese', async () => {
  await renderIn('zh-Hans', card())
  const region = screen.getByRole('region', { name: '会员权益卡' })
  const benefitList = within(region).getAllByRole('list')[0] as HTMLElement
  const benefits = within(benefitList).getAllByRole('listitem').map((item) => item.querySelector('strong')?.textContent)
  expect(benefits).toEqual(['优先审核', '通过率提升至 85%', '生活权益'])
  expect(region.textContent).toContain('¥299.00')
  expect(region.textContent).toContain('有效期 30 天')
})

test('the card shows the benefits and the price in English', async () => {
  await renderIn('en', card())
  const region = screen.getByRole('region', { name: 'Membership rights card' })
  expect(region.textContent).toContain('Approval rate raised to 85%')
  expect(region.textContent).toContain('CN¥299.00')
})

// rules: field-agreements-unticked
test('the agreements are not ticked, and Buy without them asks for them instead of buying', async () => {
  const onBuy = vi.fn()
  await renderIn('en', card({ onBuy }))
  const box = screen.getByRole('checkbox') as HTMLInputElement
  expect(box.checked).toBe(false)
  await userEvent.click(screen.getByRole('button', { name: 'Buy now' }))
  expect(onBuy).not.toHaveBeenCalled()
  expect(screen.getByRole('alert').textContent).toBe('Please read and accept the agreements to continue.')
})

test('with the agreements ticked Buy reports both agreements accepted', async () => {
  const onBuy = vi.fn()
  await renderIn('zh-Hans', card({ onBuy }))
  await userEvent.click(screen.getByRole('checkbox'))
  await userEvent.click(screen.getByRole('button', { name: '立即开通' }))
  expect(onBuy).toHaveBeenCalledWith({ reward: true, withhold_agreement: true })
})

test('the rights and debit agreements are links that open them', async () => {
  const onOpenAgreement = vi.fn()
  await renderIn('zh-Hans', card({ onOpenAgreement }))
  await userEvent.click(screen.getByRole('link', { name: '《委托扣款授权书》' }))
  expect(onOpenAgreement).toHaveBeenCalledWith('withhold-agreement', '委托扣款授权书')
  await userEvent.click(screen.getByRole('link', { name: '《会员权益服务协议》' }))
  expect(onOpenAgreement).toHaveBeenLastCalledWith('reward', '会员权益服务协议')
})

test('a pending order is announced and cannot be bought again', async () => {
  await renderIn('en', card({ order: { status: 'pending', failure_reason: null } }))
  expect(screen.getByRole('status').textContent).toBe('Your order is being processed')
  expect(screen.queryByRole('button', { name: 'Buy now' })).toBeNull()
})

test('a paid order says the benefits are active', async () => {
  await renderIn('zh-Hans', card({ owned: true, order: { status: 'paid', failure_reason: null } }))
  expect(screen.getByRole('status').textContent).toBe('开通成功，权益已生效')
  expect(screen.queryByRole('button', { name: '立即开通' })).toBeNull()
})

test('a failed order shows the reason and the borrower can try again', async () => {
  await renderIn('en', card({ order: { status: 'failed', failure_reason: 'Insufficient balance on the card' } }))
  const alert = screen.getByRole('alert')
  expect(alert.textContent).toContain('The purchase failed')
  expect(alert.textContent).toContain('Insufficient balance on the card')
  expect(screen.getByRole('button', { name: 'Buy now' })).toBeTruthy()
})

// Before the box is ticked the borrower sees which card pays, once, and the refund.
test('the offer says which card is charged, that it never renews and the 7-day refund, in Chinese and English', async () => {
  const bound = { bank_name: '中国工商银行', last4: '4321' }
  await renderIn('zh-Hans', card({ chargedCard: bound }))
  const zh = screen.getByRole('region', { name: '会员权益卡' })
  expect(zh.textContent).toContain('费用将从您的中国工商银行借记卡（尾号 4321）一次性扣除')
  expect(zh.textContent).toContain('一次性扣款，不自动续费')
  expect(zh.textContent).toContain('购买 7 天内且未使用任何权益，可全额退款')
  cleanup()
  await renderIn('en', card({ chargedCard: bound }))
  const en = screen.getByRole('region', { name: 'Membership rights card' })
  expect(en.textContent).toContain('The price is taken once from your 中国工商银行 debit card ending 4321')
  expect(en.textContent).toContain('One payment: the card never renews automatically')
  expect(en.textContent).toContain('Full refund within 7 days of purchase if you have used no benefit')
})

// After a lost answer the sheet's one way on is its Retry, not a disabled "Buying…".
test('a card that cannot be bought now shows no Buy button at all, in Chinese and English', async () => {
  await renderIn('zh-Hans', card({ purchasable: false }))
  expect(screen.queryByRole('button', { name: /开通/ })).toBeNull()
  cleanup()
  await renderIn('en', card({ purchasable: false }))
  expect(screen.queryByRole('button', { name: /Buy/ })).toBeNull()
  cleanup()
  await renderIn('en', card({ buying: true }))
  expect(screen.getByRole('button', { name: 'Buying…' })).toHaveProperty('disabled', true)
})
