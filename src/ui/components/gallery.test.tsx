// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { afterEach, expect, test } from 'vitest'
import { ComponentGallery } from './gallery'
import { renderIn } from './render-in'

afterEach(cleanup)

const fixedNow = () => Date.parse('2026-03-10T02:00:00Z')

/**
 * Serious and critical axe violations, as "rule: target" lines. jsdom does no layout and loads no
 * stylesheet, so color-contrast cannot be computed here; the browser check covers it.
 */
async function seriousViolations(): Promise<string[]> {
  const results = await axe.run(document.body, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  })
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`))
}

test('the gallery shows every shared component', async () => {
  await renderIn('en', <ComponentGallery now={fixedNow} />)
  const names = [...document.querySelectorAll('[data-component]')].map((node) => node.getAttribute('data-component'))
  expect(names).toEqual([
    'StepProgress',
    'EntranceCard',
    'AmountTermChooser',
    'PriceSummary',
    'ScheduleTable',
    'FormFields',
    'SmsCodeInput',
    'CityPicker',
    'ProtocolPopup',
    'RightsCard',
    'RichHtml',
  ])
  expect(screen.getByRole('banner').textContent).toContain('Component gallery')
})

test('the gallery in Chinese has no serious or critical accessibility violations', async () => {
  await renderIn('zh-Hans', <ComponentGallery now={fixedNow} />)
  expect(await seriousViolations()).toEqual([])
})

test('the gallery in English has no serious or critical accessibility violations', async () => {
  await renderIn('en', <ComponentGallery now={fixedNow} />)
  expect(await seriousViolations()).toEqual([])
})

test('the city picker sheet and the agreements popup, open, have no serious or critical violations', async () => {
  await renderIn('zh-Hans', <ComponentGallery now={fixedNow} />)
  await userEvent.click(screen.getByRole('button', { name: /所在地区/ }))
  await screen.findByRole('button', { name: '广东省' })
  expect(await seriousViolations()).toEqual([])
  await userEvent.keyboard('{Escape}')

  await userEvent.click(screen.getByRole('button', { name: '相关协议' }))
  await userEvent.click(screen.getByRole('button', { name: '《借款信息披露》' }))
  await screen.findByRole('article')
  expect(await seriousViolations()).toEqual([])
})
