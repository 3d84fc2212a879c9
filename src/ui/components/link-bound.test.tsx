// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import type { AgreementKey } from '../../contract/entities'
import { Checkbox } from './form-field'
import { LinkBound } from './link-bound'
import { i18nFor, renderIn } from './render-in'

afterEach(cleanup)

const links = { register: 'register', user: 'user', privacy: 'privacy', consent: 'personal-consent' } as const

async function agreeLine(locale: 'en' | 'zh-Hans', onOpen: (key: AgreementKey, title: string) => void) {
  const i18n = await i18nFor(locale)
  const template = i18n.t('ui.linkBound.demand', { skipInterpolation: true })
  function Line() {
    const [checked, setChecked] = useState(false)
    return (
      <Checkbox checked={checked} onChange={setChecked}>
        <LinkBound template={template} links={links} onOpenAgreement={onOpen} />
      </Checkbox>
    )
  }
  return renderIn(locale, <Line />)
}

test('agreement names in the sentence are links that open the agreement with its key and title', async () => {
  const onOpen = vi.fn()
  await agreeLine('en', onOpen)
  expect(screen.getByRole('checkbox').closest('div')?.textContent).toBe(
    'I have read and agree to the “User Registration Agreement”, the “User Service Agreement”, the “Privacy Policy” and the “Authorisation to Process Personal Information”',
  )
  await userEvent.click(screen.getByRole('link', { name: '“Privacy Policy”' }))
  expect(onOpen).toHaveBeenCalledWith('privacy', 'Privacy Policy')
})

test('in Chinese the names carry book-title marks and lead to the privacy route', async () => {
  const onOpen = vi.fn()
  await agreeLine('zh-Hans', onOpen)
  const link = screen.getByRole('link', { name: '《用户注册协议》' })
  expect(link.getAttribute('href')).toBe(
    `#/pages/privacy/index?key=register&title=${encodeURIComponent('用户注册协议')}`,
  )
  await userEvent.click(screen.getByRole('link', { name: '《个人信息处理授权书》' }))
  expect(onOpen).toHaveBeenCalledWith('personal-consent', '个人信息处理授权书')
})

// rules: field-agreements-unticked
test('tapping an agreement link inside the label opens it without ticking the box', async () => {
  await agreeLine('en', () => undefined)
  await userEvent.click(screen.getByRole('link', { name: '“User Service Agreement”' }))
  expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false)
})

test('a placeholder without a link stays as written', async () => {
  await renderIn('en', <LinkBound template="See {{privacy}} and {{other}}" links={{ privacy: 'privacy' }} onOpenAgreement={() => undefined} />)
  expect(screen.getAllByRole('link')).toHaveLength(1)
  expect(document.body.textContent).toBe('See “Privacy Policy” and {{other}}')
})
