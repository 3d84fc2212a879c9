import fc from 'fast-check'
import { expect, test } from 'vitest'
import { screenPaths } from '../../machines/screens'
import { scrubbedAddress } from '../../src/bridge/bridge'
import type { BridgeWindow } from '../../src/bridge/host'
import { pageLocale } from '../../src/i18n/page-locale'
import { createSession } from '../../src/session/session'

/*
 * What the page keeps from the address it was opened at, over generated addresses
 * (docs/product-rules.md#boot-and-login, #bridge): the spec's defaults where the host names
 * nothing (boot-defaults; the language too, where a `lang` in the address wins over the payload's,
 * locale-choice), and an address bar without the token after intake, route and other
 * parameters kept as they were (bridge-token-leaves-url).
 */

const name = fc.stringMatching(/^[a-z][a-zA-Z]{0,7}$/).filter((n) => n !== 'bridge' && n !== 'token')
const value = fc.stringMatching(/^[A-Za-z0-9._-]{1,12}$/)
const params = fc.uniqueArray(fc.tuple(name, value), { maxLength: 3, selector: ([n]) => n })
const token = fc.stringMatching(/^[A-Za-z0-9]{8,24}$/)

const queryOf = (pairs: [string, string][]) => pairs.map(([n, v]) => `${n}=${v}`).join('&')

// rules: boot-defaults, locale-choice
test('boot-defaults: with nothing in the address or the payload the page speaks Simplified Chinese; a language the host names wins', () => {
  const named = fc.constantFrom<[string, string]>(['en', 'en'], ['fr-CA', 'fr'], ['zh_TW', 'zh-Hant'], ['es', 'es'], ['zh-CN', 'zh-Hans'])
  fc.assert(
    fc.property(fc.option(named), fc.option(named), fc.constantFrom('', 'x=1', 'channel=a'), (inAddress, inPayload, other) => {
      const search = [other, inAddress === null ? '' : `lang=${inAddress[0]}`].filter(Boolean).join('&')
      const win = { location: { search: search ? `?${search}` : '', hash: '#/pages/home/index' } } as unknown as BridgeWindow
      expect(pageLocale(win, inPayload?.[0])).toBe(inAddress?.[1] ?? inPayload?.[1] ?? 'zh-Hans')
    }),
  )
})

// rules: boot-defaults
test('boot-defaults: with nothing in the address, appCode is 10002 and the channel app-test; what the host names wins', () => {
  fc.assert(
    fc.property(fc.option(fc.stringMatching(/^[a-z0-9-]{1,10}$/)), fc.option(fc.stringMatching(/^[0-9]{5}$/)), (channel, appCode) => {
      const query = new URLSearchParams()
      if (channel !== null) query.set('channel', channel)
      if (appCode !== null) query.set('appCode', appCode)
      const state = createSession({ randomBytes: (n) => new Uint8Array(n), query }).getSnapshot()
      expect(state.channel).toBe(channel ?? 'app-test')
      expect(state.appCode).toBe(appCode ?? '10002')
    }),
  )
})

// rules: bridge-token-leaves-url
test('bridge-token-leaves-url: a token in the query or in the hash route\'s query leaves the address; the route and every other parameter stay', () => {
  const routes = Object.values(screenPaths)
  fc.assert(
    fc.property(
      fc.constantFrom(...routes),
      params,
      params,
      token,
      fc.constantFrom('search', 'hash', 'both'),
      fc.constantFrom('bridge', 'token'),
      (route, searchParams, hashParams, secret, where, carrier) => {
        const search = [...searchParams, ...(where !== 'hash' ? [[carrier, secret] as [string, string]] : [])]
        const inHash = [...hashParams, ...(where !== 'search' ? [[carrier, secret] as [string, string]] : [])]
        const location = {
          pathname: '/',
          search: search.length > 0 ? `?${queryOf(search)}` : '',
          hash: `#${route}${inHash.length > 0 ? `?${queryOf(inHash)}` : ''}`,
        }
        const address = scrubbedAddress(location)
        expect(address).not.toBeNull()
        expect(address).not.toContain(secret)
        const url = new URL(address!, 'https://page.test')
        expect([...url.searchParams.entries()]).toEqual(searchParams)
        const [path, hashQuery = ''] = url.hash.slice(1).split('?')
        expect(path).toBe(route)
        expect([...new URLSearchParams(hashQuery).entries()]).toEqual(hashParams)
      },
    ),
    { seed: 5, numRuns: 300 },
  )
})
