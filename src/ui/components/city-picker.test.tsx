// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import { CityPicker, type LoadRegions } from './city-picker'
import { sampleLoadRegions } from './gallery'
import { renderIn } from './render-in'

// The picker against the real sandbox geography is in tests/ui/city-picker.test.ts (the page's
// lint forbids src/ from importing server/); these cover what a flaky network does.

afterEach(cleanup)

test('regions that fail to load say so and load again on Retry', async () => {
  const load = vi.fn<LoadRegions>().mockRejectedValueOnce(new Error('network')).mockImplementation(sampleLoadRegions)
  await renderIn('en', <CityPicker value={null} onChange={() => undefined} loadRegions={load} />)
  await userEvent.click(screen.getByRole('button', { name: /Region/ }))
  expect((await screen.findByRole('alert')).textContent).toContain('The regions could not be loaded.')
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
  expect(await screen.findByRole('button', { name: '广东省' })).toBeTruthy()
})

test('the saved residence is shown on the field and marked in the list', async () => {
  await renderIn(
    'zh-Hans',
    <CityPicker
      value={{ province_id: '440000', province_name: '广东省', city_id: '440300', city_name: '深圳市', district_id: '440305', district_name: '南山区' }}
      onChange={() => undefined}
      loadRegions={sampleLoadRegions}
      error="请选择所在地区"
    />,
  )
  const trigger = screen.getByRole('button', { name: '所在地区 广东省 深圳市 南山区', description: '请选择所在地区' })
  await userEvent.click(trigger)
  expect((await screen.findByRole('button', { name: '广东省' })).getAttribute('aria-current')).toBe('true')
  expect(screen.getByRole('button', { name: '北京市' }).getAttribute('aria-current')).toBeNull()
})
