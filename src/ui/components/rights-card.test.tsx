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

function card(props: { owned?: boolean; order?: RightsOrderView | null; onBuy?: () => void; onOpenAgreement?: () => void } = {}) {
  return (
    <RightsCard
      product={product}
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
  const benefits = within(region).getAllByRole('listitem').map((item) => item.querySelector('strong')?.textContent)
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
  await userEvent.click(screen.getByRole('link', { name: '《委托代扣协议》' }))
  expect(onOpenAgreement).toHaveBeenCalledWith('withhold-agreement', '委托代扣协议')
  await userEvent.click(screen.getByRole('link', { name: '《会员权益协议》' }))
  expect(onOpenAgreement).toHaveBeenLastCalledWith('reward', '会员权益协议')
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
