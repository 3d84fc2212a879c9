import { createElement, useState } from 'react'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { builtinEnvironments } from 'vitest/environments'
import { startTestSandbox, type TestSandbox } from '../support/test-client'
import type { LoadRegions, RegionSelection } from '../../src/ui/components/city-picker'

/*
 * The city picker against the sandbox's real GB/T 2260 geography, over real signed HTTP: the
 * loader is the `listRegions` call, exactly what the page passes in.
 *
 * This file runs in node and installs jsdom itself once the sandbox is up: under the jsdom
 * environment Vite transforms modules for the web, turning the sandbox's
 * `new URL('./public', import.meta.url)` into a URL node's fileURLToPath refuses. The DOM
 * libraries are imported after jsdom is in place, as they read `document` when they load.
 */

let sandbox: TestSandbox
let teardownDom: (global: typeof globalThis) => unknown
let dom: {
  cleanup: typeof import('@testing-library/react').cleanup
  screen: typeof import('@testing-library/react').screen
  userEvent: typeof import('@testing-library/user-event').default
  CityPicker: typeof import('../../src/ui/components/city-picker').CityPicker
  renderIn: typeof import('../../src/ui/components/render-in').renderIn
}
const loadRegions = vi.fn<LoadRegions>(async (query) => (await sandbox.ok('listRegions', { input: { ...query } })).items)

beforeAll(async () => {
  sandbox = await startTestSandbox()
  const environment = await builtinEnvironments.jsdom.setup(globalThis, { jsdom: { url: 'http://localhost/' } })
  teardownDom = environment.teardown
  const rtl = await import('@testing-library/react')
  dom = {
    cleanup: rtl.cleanup,
    screen: rtl.screen,
    userEvent: (await import('@testing-library/user-event')).default,
    CityPicker: (await import('../../src/ui/components/city-picker')).CityPicker,
    renderIn: (await import('../../src/ui/components/render-in')).renderIn,
  }
})
afterAll(async () => {
  await sandbox.close()
  await teardownDom(globalThis)
})
afterEach(() => {
  dom.cleanup()
  loadRegions.mockClear()
})

/** 广东省 → 深圳市 → 南山区, as the GB/T 2260 table codes them. */
const nanshan: RegionSelection = {
  province_id: '440000',
  province_name: '广东省',
  city_id: '440300',
  city_name: '深圳市',
  district_id: '440305',
  district_name: '南山区',
}

function Residence({ onChange }: { onChange: (selection: RegionSelection) => void }) {
  const [value, setValue] = useState<RegionSelection | null>(null)
  const { CityPicker } = dom
  return createElement(CityPicker, {
    value,
    loadRegions,
    onChange: (selection: RegionSelection) => {
      setValue(selection)
      onChange(selection)
    },
  })
}

test('picking 广东省 → 深圳市 → 南山区 level by level gives the three regions with their codes', async () => {
  const onChange = vi.fn()
  await dom.renderIn('zh-Hans', createElement(Residence, { onChange }))
  const trigger = dom.screen.getByRole('button', { name: '所在地区 请选择省、市、区' })
  await dom.userEvent.click(trigger)
  expect(dom.screen.getByRole('dialog', { name: '选择地区' })).toBeTruthy()

  await dom.userEvent.click(await dom.screen.findByRole('button', { name: '广东省' }))
  await dom.userEvent.click(await dom.screen.findByRole('button', { name: '深圳市' }))
  await dom.userEvent.click(await dom.screen.findByRole('button', { name: '南山区' }))

  expect(onChange).toHaveBeenCalledWith(nanshan)
  expect(dom.screen.queryByRole('dialog')).toBeNull()
  expect(dom.screen.getByRole('button', { name: '所在地区 广东省 深圳市 南山区' })).toBe(globalThis.document.activeElement)
  expect(loadRegions.mock.calls.map(([query]) => query)).toEqual([{}, { parent_id: '440000' }, { parent_id: '440300' }])
})

test('the level tabs go back to the provinces without asking the server again', async () => {
  await dom.renderIn('zh-Hans', createElement(Residence, { onChange: () => undefined }))
  await dom.userEvent.click(dom.screen.getByRole('button', { name: /所在地区/ }))
  await dom.userEvent.click(await dom.screen.findByRole('button', { name: '广东省' }))
  expect(await dom.screen.findByRole('button', { name: '深圳市' })).toBeTruthy()
  const path = dom.screen.getByRole('navigation', { name: '已选地区' })
  expect(path.textContent).toBe('广东省选择城市')
  await dom.userEvent.click(dom.screen.getByRole('button', { name: '广东省' }))
  expect(await dom.screen.findByRole('button', { name: '北京市' })).toBeTruthy()
  expect(loadRegions).toHaveBeenCalledTimes(2)
})

test('a keyword search finds 南山区 across levels and choosing it completes the residence', async () => {
  const onChange = vi.fn()
  await dom.renderIn('en', createElement(Residence, { onChange }))
  await dom.userEvent.click(dom.screen.getByRole('button', { name: 'Region Choose province, city and district' }))
  await dom.userEvent.type(dom.screen.getByRole('searchbox', { name: 'Search regions' }), '南山')
  await dom.userEvent.click(await dom.screen.findByRole('button', { name: '广东省 深圳市 南山区' }))
  expect(onChange).toHaveBeenCalledWith(nanshan)
  expect(loadRegions).toHaveBeenCalledWith({ keyword: '南山' })
})

test('a city found by keyword continues to its districts', async () => {
  const onChange = vi.fn()
  await dom.renderIn('zh-Hans', createElement(Residence, { onChange }))
  await dom.userEvent.click(dom.screen.getByRole('button', { name: /所在地区/ }))
  await dom.userEvent.type(dom.screen.getByRole('searchbox', { name: '搜索地区' }), '深圳')
  await dom.userEvent.click(await dom.screen.findByRole('button', { name: '广东省 深圳市' }))
  await dom.userEvent.click(await dom.screen.findByRole('button', { name: '福田区' }))
  expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ city_id: '440300', district_id: '440304', district_name: '福田区' }))
})

test('a municipality shows one city named after it', async () => {
  const onChange = vi.fn()
  await dom.renderIn('zh-Hans', createElement(Residence, { onChange }))
  await dom.userEvent.click(dom.screen.getByRole('button', { name: /所在地区/ }))
  await dom.userEvent.click(await dom.screen.findByRole('button', { name: '北京市' }))
  // The chosen province is now also a level tab, there at once; the city comes with the list, the last button of that name.
  await expect.poll(() => dom.screen.queryAllByRole('button', { name: '北京市' }).length).toBe(2)
  const beijingCity = dom.screen.getAllByRole('button', { name: '北京市' }).at(-1)
  expect(beijingCity?.className).toBe('ui-city__option')
  await dom.userEvent.click(beijingCity as HTMLElement)
  await dom.userEvent.click(await dom.screen.findByRole('button', { name: '东城区' }))
  expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ province_name: '北京市', city_name: '北京市', district_name: '东城区' }))
})

test('a search with no match says so', async () => {
  await dom.renderIn('en', createElement(Residence, { onChange: () => undefined }))
  await dom.userEvent.click(dom.screen.getByRole('button', { name: /Region/ }))
  await dom.userEvent.type(dom.screen.getByRole('searchbox', { name: 'Search regions' }), 'Atlantis')
  expect(await dom.screen.findByText('No region matches')).toBeTruthy()
})
