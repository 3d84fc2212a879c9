import { expect, test } from 'vitest'
import { appMachine } from '../../machines/app.machine'
import { reviewSuite } from './review-kit'

/*
 * The labels a reviewer reads on the built page (minified, as served) against the machine's own
 * definition. Each arrow says its rule in words; its details line (the hover) names the code it
 * stands for, written here from the config each state declares: a guard string is its name,
 * `{ type, params }` is the type with its fixed parameters (as JSON; `…` for one computed at run
 * time), and XState's `and`/`or`/`not` helpers, unminified in node, name themselves. A label taken
 * from a function's name in the production build (`re(a, b)`, `a`) fails here, and so does a code
 * name drawn where words belong.
 */

// Built as `npm run review:build` builds it (the production build a reviewer gets), served at /review/.
const suite = reviewSuite()

interface ConfigGuardHelper {
  (...args: unknown[]): unknown
  guards: unknown[]
}

interface FormattedNode {
  id: string
  parent?: FormattedNode
  states: Record<string, FormattedNode>
  transitions: Map<string, { guard?: unknown; delay?: string | number; target?: FormattedNode[] }[]>
  always?: { guard?: unknown }[]
  invoke: { id: string; src: unknown }[]
  config: { id?: string; route?: { guard?: unknown } }
}

function guardText(guard: unknown): string | undefined {
  if (guard === undefined) return undefined
  if (typeof guard === 'string') return guard
  if (typeof guard === 'function') {
    const helper = guard as ConfigGuardHelper
    expect(['and', 'or', 'not'], 'the machine declares no inline guard function').toContain(helper.name)
    return `${helper.name}(${helper.guards.map(guardText).join(', ')})`
  }
  const { type, params } = guard as { type: string; params?: unknown }
  if (params === undefined) return type
  // Parameters computed at run time have no fixed value: the label says there are some.
  if (typeof params === 'function') return `${type}(…)`
  return `${type}(${Object.entries(params as Record<string, unknown>).map(([k, v]) => `${k}: ${typeof v === 'function' ? '…' : JSON.stringify(v)}`).join(', ')})`
}

function nodes(): FormattedNode[] {
  const out: FormattedNode[] = []
  const walk = (node: FormattedNode) => {
    out.push(node)
    for (const child of Object.values(node.states)) walk(child)
  }
  walk(appMachine.root as unknown as FormattedNode)
  return out
}

/** Address → the label a reviewer should read, for every transition the machine declares. */
function expectedLabels(): Map<string, string> {
  const all = nodes()
  const byId = new Map(all.map((n) => [n.id, n]))
  const expected = new Map<string, string>()
  const put = (address: string, label: string, guard: string | undefined) => {
    expect(expected.has(address), address).toBe(false)
    expected.set(address, guard === undefined ? label : `${label} [${guard}]`)
  }
  for (const node of all) {
    const srcOf = (invokeId: string) => {
      const src = node.invoke.find((i) => i.id === invokeId)?.src
      expect(typeof src, `invoke ${invokeId} of ${node.id} names its actor`).toBe('string')
      return src as string
    }
    for (const [event, list] of node.transitions) {
      list.forEach((t, index) => {
        if (event === 'xstate.route' && node.parent === undefined) {
          // The root's routes are the routable states' `route: {}`: the guard is the one that state declares.
          const target = t.target?.[0]?.id as string
          put(`route|${target}`, 'route', guardText(byId.get(target)?.config.route?.guard))
          return
        }
        const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event)
        const label = done ? `${srcOf(done[2] as string)}.${done[1]}` : event.startsWith('xstate.after.') ? `after ${String(t.delay)}` : event
        put(`${node.id}|${event}|${index}`, label, guardText(t.guard))
      })
    }
    node.always?.forEach((t, index) => put(`${node.id}||${index}`, 'always', guardText(t.guard)))
  }
  return expected
}

test('every transition label on the built reviewer page says what the machine declares', { timeout: 180_000 }, async () => {
  const expected = expectedLabels()
  // The rules a reviewer must not see reversed or renamed.
  expect([...expected.values()]).toEqual(expect.arrayContaining(['sms.send [not(lenderCardBound)]', 'always [not(hasRepayLoan)]', 'form.submit [and(lenderPriced, lenderCardBound, lendAgreed)]']))
  const page = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } })
  await page.goto(`${suite.sandbox.url}/review/#chart`)
  await page.locator('body[data-ready="true"]').waitFor({ timeout: 90_000 })
  // Fitted, the whole machine is too small to read and its labels give way to the screens' names
  // (semantic zoom): they are there, shown when the reviewer zooms in.
  await page.locator('svg.chart [data-transition]').first().waitFor({ state: 'attached', timeout: 90_000 })
  const drawn = await page.locator('svg.chart [data-transition]').evaluateAll((els) =>
    els
      .filter((el) => el.getAttribute('data-merged-into') === null)
      .map((el) => {
        const key = el.getAttribute('data-transition') ?? ''
        const route = /\| route→#(.+)$/.exec(key)
        const index = /\| (\d+)$/.exec(key)?.[1] ?? '?'
        const address = route ? `route|${route[1]}` : `${el.getAttribute('data-source')}|${el.getAttribute('data-event')}|${index}`
        // What is on screen: an arrow's label lines, or a line of text inside its state; and its details line.
        const own = (t: Element) => [...t.childNodes].filter((c) => c.nodeType === Node.TEXT_NODE).map((c) => c.textContent).join('')
        const lines = el.tagName.toLowerCase() === 'text' ? [own(el)] : [...el.querySelectorAll(':scope > text')].map(own)
        const title = el.querySelector(':scope > title')?.textContent ?? ''
        return { address, text: lines.join(' ').replace(/^[⇢↺] /, '').replace(/\s+/g, ' ').trim(), details: /^details: (.*)$/m.exec(title)?.[1] ?? '' }
      }),
  )
  expect(drawn.length).toBe(expected.size)
  expect(new Set(drawn.map(({ address }) => address))).toEqual(new Set(expected.keys()))
  // The details line names the declared event and guard, before the source and targets.
  const wrongCode = drawn.filter(({ address, details }) => !details.startsWith(`${expected.get(address)}: `)).map(({ address, details }) => `${address}: details "${details}", declared "${expected.get(address)}"`)
  expect(wrongCode).toEqual([])
  // What is drawn is words: no bracketed guard, no call of a guard, no camelCase code name, no XState event.
  const codeDrawn = drawn.filter(({ text }) => text !== '' && /\[|\w\(|\b[a-z]+[A-Z]\w*|xstate\.|\b\w+\.\w+\b/.test(text)).map(({ address, text }) => `${address}: "${text}"`)
  expect(codeDrawn).toEqual([])
  // The rules a reviewer must not see reversed, said as the product rules say them.
  const said = (address: string) => drawn.find((d) => d.address === address)?.text
  expect(said('app.session.screens.lendConfirm.editing|sms.send|0')).toBe('Send code if the card is not yet bound for this lender')
  expect(said('app.session.screens.lendConfirm.codeSent|form.submit|0')).toMatch(/^Submit if the lender's price is in, .*agreements? .*ticked/)
  // Zoomed in to a readable scale, the labels are shown, not only drawn.
  const reversed = page.locator('g.transition[data-event="sms.send"][data-source="app.session.screens.lendConfirm.editing"] text').first()
  expect(await reversed.isVisible()).toBe(false)
  for (let i = 0; i < 20 && (await page.locator('svg.chart.far').count()) > 0; i += 1) await page.getByRole('button', { name: 'Zoom in' }).click()
  expect(await reversed.isVisible()).toBe(true)
  console.log(`labels checked on the built page: ${drawn.length}`)
  await page.close()
})
