import { callWords, machineWords } from './machine-words'
import { activeStates } from './machine-graph'
import { graph, page, say } from './page-state'
import { capital, fill } from './plain-words'
import type { ModelPath, PathStep } from './review-data'

/*
 * A generated path named by what it does: the screens it walks through, in order, and its
 * length ("home → loanDemand → facialIdentification, 4 steps"), unless the paths file names it.
 */

const screenIds = graph.states.filter((s) => s.screen !== undefined).map((s) => s.id)

/** The screen a state value shows: the innermost active state that has one. */
export function screenOf(value: unknown): string | undefined {
  const active = activeStates(graph, value)
  return screenIds.filter((id) => active.has(id)).pop()
}

/** A path's screens never change: the picker sorts and titles every path on each render of the drive. */
const walkedByPath = new WeakMap<ModelPath, string[]>()

export function screensWalked(path: ModelPath): string[] {
  const known = walkedByPath.get(path)
  if (known !== undefined) return known
  const out: string[] = []
  for (const expect of [path.startExpect, ...path.steps.map((s) => s.expect)]) {
    const screen = screenOf(expect.state)
    if (screen !== undefined && out[out.length - 1] !== screen) out.push(screen)
  }
  walkedByPath.set(path, out)
  return out
}

const screenName = (id: string) => page.byId.get(id)?.said.full ?? id

/** Who walks a path, as the paths file names them in English, in Simplified Chinese. */
const whoZh: Record<string, string> = {
  'new borrower': '新借款人',
  'borrower at the face check': '停在人脸识别的借款人',
  'borrower at basic info': '停在基本信息的借款人',
  'borrower at assets': '停在资产信息的借款人',
  'borrower at contacts': '停在紧急联系人的借款人',
  'borrower at the bank card': '停在银行卡的借款人',
  'borrower in review': '审核中的借款人',
  'approved borrower': '已获批的借款人',
  'approved borrower with the rights card': '已获批且有权益卡的借款人',
  'borrower whose loan is paying out': '借款放款中的借款人',
  'repaying borrower': '还款中的借款人',
  'rejected borrower': '被拒的借款人',
  'overdue borrower': '逾期的借款人',
  'borrower who has repaid': '已还清的借款人',
  'page opened by the host': '宿主打开的页面',
  'link to the repayment plan': '还款计划的链接',
  'page opened with an empty token': '带空令牌打开的页面',
  'link to home': '首页的链接',
}

/** How a call fails over the wire (tests/model/engine/fixtures.ts `failureKinds`), in Simplified Chinese. */
const failureZh: Record<string, string> = {
  unauthorized: '登录失效',
  refused: '被拒绝',
  network: '网络故障',
  timeout: '超时',
  invalidResponse: '应答无效',
  interrupted: '被中断',
}

export function pathTitle(path: ModelPath): string {
  const screens = screensWalked(path).map(screenName)
  const walk = screens.length > 6 ? [...screens.slice(0, 2), '…', ...screens.slice(-3)] : screens
  // A generated name says a failing call by its name ("sendCardCode fails: timeout"): read in words.
  const called = (code: string) => (code in callWords ? say().call(code) : code)
  if (page.words === 'zh-Hans') {
    // The file's names are English: said again from the path, its borrower and its failing call.
    const who = path.name === undefined ? undefined : whoZh[path.name.split(': ')[0] ?? '']
    const failure = path.name === undefined ? null : / \((\w+) fails: (\w+)\)$/.exec(path.name)
    const failed = failure === null ? '' : `（${fill(machineWords.callFailed['zh-Hans'], { call: called(failure[1] ?? '') })}：${failureZh[failure[2] ?? ''] ?? failure[2]}）`
    return `${who !== undefined ? `${who}：` : ''}${walk.join(' → ')}${failed}，${path.steps.length} 步`
  }
  const name = path.name?.replace(/\b[a-z]+[A-Z]\w*\b/g, called)
  return `${name ?? walk.join(' → ')}, ${path.steps.length} steps`
}

/** What a step does, in words: the button pressed, the call's answer, the wait. */
export function stepWords(step: PathStep): string {
  const action = step.do
  const lang = page.words
  if (action.kind === 'event' && action.event) {
    const to = action.event.type === 'xstate.route' ? /^#(\w+)/.exec(String(action.event.to ?? ''))?.[1] : undefined
    const event = say().event({ event: action.event.type, kind: action.event.type === 'xstate.route' ? 'route' : 'event', source: '' })
    return to !== undefined ? `${event}: ${screenName(page.resolveState(to) ?? to)}` : event
  }
  if (action.kind === 'actor' && action.src !== undefined) return fill((action.outcome === 'done' ? machineWords.answered : machineWords.callFailed)[lang], { call: capital(say().call(action.src)) })
  if (action.kind === 'delay') return say().event({ event: `xstate.after.${(action as { delay?: string }).delay ?? ''}.`, kind: 'after', source: '' })
  return step.label
}

/** A path's steps as a list reads them: the start, then each step's words and the screen it leads to. */
export function stepLines(path: ModelPath): { text: string; code: string }[] {
  const where = (expect: PathStep['expect']) => {
    const screen = screenOf(expect.state)
    return screen !== undefined ? screenName(screen) : ''
  }
  return [
    { text: `${page.words === 'zh-Hans' ? '开始' : 'start'}: ${where(path.startExpect)}`, code: `start: ${path.start}${path.startExpect.route ? ` (${path.startExpect.route.path})` : ''}` },
    ...path.steps.map((s) => ({ text: `${stepWords(s)} → ${where(s.expect)}`, code: `${s.label}${s.expect.route ? ` → ${s.expect.route.path}` : ''}` })),
  ]
}

/** What the picker's filter matches a path against: its name, its screens, states and events. */
export function pathWords(path: ModelPath): string {
  const events = path.steps.map((s) => s.do.event?.type ?? s.do.src ?? s.do.kind)
  return [path.name ?? '', path.goal, ...screensWalked(path), ...screensWalked(path).map(screenName), ...events, ...path.steps.map(stepWords), path.start].join(' ')
}
