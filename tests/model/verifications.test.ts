import { expect, test } from 'vitest'
import { appMachine } from '../../machines/app.machine'
import { allNodes, rootOf, type NodeView } from '../../src/app/machine-definition'
import { eventForLocation } from '../../machines/routes'
import { entryAlias, specPaths } from '../support/verify'
import { verifications } from './verifications'

/*
 * The verification table must speak for every state a borrower can be in: each state that has a
 * screen, each state under one, and the boot, session, sheet and overlay states around them.
 */

const nodes = allNodes(rootOf(appMachine)).filter((n) => n.parent !== undefined && n.type !== 'history')

function hasScreen(node: NodeView): boolean {
  for (let n: NodeView | undefined = node; n !== undefined; n = n.parent) {
    const meta = n.meta
    if (meta?.screen !== undefined || meta?.path !== undefined) return true
  }
  return false
}

test('every state with a screen, or under one, has a verification', () => {
  const missing = nodes.filter(hasScreen).map((n) => n.id).filter((id) => !(id in verifications))
  expect(missing).toEqual([])
})

test('every state of the machine has a verification, and the table names no state the machine lacks', () => {
  const ids = new Set(nodes.map((n) => n.id))
  expect(nodes.map((n) => n.id).filter((id) => !(id in verifications))).toEqual([])
  expect(Object.keys(verifications).filter((id) => !ids.has(id))).toEqual([])
})

test('every screen state names the page that must render and its route', () => {
  for (const node of nodes) {
    const meta = node.meta
    if (meta?.screen === undefined && meta?.path === undefined) continue
    const entry = verifications[node.id]
    expect(entry?.sees?.page, node.id).toBeTypeOf('string')
    expect(entry?.facts?.route, node.id).toBeDefined()
  }
})

// rules: flow-routes
test('each route of the spec, typed, asks the machine for its page; login and unknown paths ask for nothing (routes.ts)', () => {
  for (const [page, url] of specPaths) {
    const event = eventForLocation(url)
    // docs/product-rules.md#flow-routes: login is navigated to after the channel lookup, never typed.
    if (page === 'login') expect(event, url).toBeNull()
    else expect(event, url).toEqual({ type: 'xstate.route', to: `#${page}` })
  }
  expect(eventForLocation(entryAlias)).toEqual({ type: 'xstate.route', to: '#loanDemand' })
  // A link pasted with a trailing slash names the same page.
  expect(eventForLocation('/pages/repayment/index/')).toEqual({ type: 'xstate.route', to: '#repayment' })
  expect(eventForLocation('/pages/privacy/index', { key: 'privacy' })).toEqual({ type: 'xstate.route', to: '#privacy', query: { key: 'privacy' } })
  expect(eventForLocation('/pages/unknown/index')).toBeNull()
  expect(eventForLocation('/pages/home')).toBeNull()
})
