// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import type { AgreementKey } from '../../contract/entities'
import { ProtocolPopup, type LoadAgreement } from './protocol-popup'
import { renderIn } from './render-in'

afterEach(cleanup)

const html = (key: AgreementKey) =>
  `<h2>${key} text</h2><p>Clause 1.</p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true" alt="seal"><a href="https://lender.example/">lender</a>`

function popup(loadAgreement: LoadAgreement, extra: { onAcceptedChange?: (accepted: boolean) => void; onExternalLink?: (url: string) => void } = {}) {
  return (
    <ProtocolPopup
      open
      onClose={() => undefined}
      agreements={['loan', 'form', 'withhold-agreement']}
      loadAgreement={loadAgreement}
      onAcceptedChange={extra.onAcceptedChange ?? (() => undefined)}
      onExternalLink={extra.onExternalLink}
    />
  )
}

test('the agreements are listed by title and the agree box is not ticked', async () => {
  await renderIn('en', popup(async (key) => ({ content_html: html(key) })))
  expect(screen.getByRole('dialog', { name: 'Agreements' })).toBeTruthy()
  expect(screen.getByRole('button', { name: '“Loan Disclosure Statement”' })).toBeTruthy()
  expect(screen.getByRole('button', { name: '“Automatic Deduction Authorisation”' })).toBeTruthy()
  const box = screen.getByRole('checkbox', { name: 'I have read and agree to the agreements above' }) as HTMLInputElement
  expect(box.checked).toBe(false)
})

test('an agreement opens in a reader with its text sanitised, and Back returns to the list', async () => {
  const load = vi.fn(async (key: AgreementKey) => ({ content_html: html(key) }))
  await renderIn('zh-Hans', popup(load))
  await userEvent.click(screen.getByRole('button', { name: '《借款信息披露》' }))
  expect(load).toHaveBeenCalledWith('loan')
  const article = await screen.findByRole('article', { name: '借款信息披露' })
  expect(article.textContent).toContain('Clause 1.')
  expect(article.querySelector('script')).toBeNull()
  expect(article.querySelector('img')?.hasAttribute('onerror')).toBe(false)
  expect(screen.getByRole('dialog', { name: '借款信息披露' })).toBeTruthy()
  await userEvent.click(screen.getByRole('button', { name: '返回协议列表' }))
  expect(screen.getByRole('button', { name: '《个人信息共享授权书》' })).toBeTruthy()
})

test('a link to another site in an agreement goes to the host', async () => {
  const onExternalLink = vi.fn()
  await renderIn('en', popup(async (key) => ({ content_html: html(key) }), { onExternalLink }))
  await userEvent.click(screen.getByRole('button', { name: '“Loan Disclosure Statement”' }))
  await userEvent.click(await screen.findByRole('link', { name: 'lender' }))
  expect(onExternalLink).toHaveBeenCalledWith('https://lender.example/')
})

test('an agreement that fails to load says so and loads again on Retry', async () => {
  const load = vi
    .fn<LoadAgreement>()
    .mockRejectedValueOnce(new Error('network'))
    .mockResolvedValue({ content_html: '<p>Loaded at last</p>' })
  await renderIn('en', popup(load))
  await userEvent.click(screen.getByRole('button', { name: '“Loan Disclosure Statement”' }))
  expect((await screen.findByRole('alert')).textContent).toContain('The agreement could not be loaded.')
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
  expect((await screen.findByRole('article')).textContent).toBe('Loaded at last')
  expect(load).toHaveBeenCalledTimes(2)
})

test('ticking and unticking the box is reported each time', async () => {
  const onAcceptedChange = vi.fn()
  await renderIn('zh-Hans', popup(async (key) => ({ content_html: html(key) }), { onAcceptedChange }))
  const box = screen.getByRole('checkbox', { name: '我已阅读并同意以上协议' })
  await userEvent.click(box)
  await userEvent.click(box)
  expect(onAcceptedChange.mock.calls).toEqual([[true], [false]])
})
