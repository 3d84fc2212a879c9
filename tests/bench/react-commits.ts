import type { Page } from 'playwright-core'

/*
 * React's commits between a tap and the next screen's paint, and the components each one rendered:
 * read through the hook React hands its renderer to when a developer tool is present
 * (`__REACT_DEVTOOLS_GLOBAL_HOOK__`, which production builds call too). A render that changes
 * nothing on screen still costs a commit, its effects and often a layout, and on a loaded phone it
 * lands as the step's answer comes in; this is how such a render is found.
 */

export interface ReactCommit {
  /** Milliseconds after the tap's click. */
  afterTapMs: number
  /** A root off the page (a page warmed ahead, `src/app/warm-pages.tsx`), not the one on screen. */
  offPage: boolean
  /** The components that rendered in it, in tree order. */
  rendered: string[]
}

interface Fiber {
  tag: number
  type: unknown
  flags: number
  child: Fiber | null
  sibling: Fiber | null
  alternate: Fiber | null
}

interface Recording {
  tapAt: number
  commits: { at: number; offPage: boolean; rendered: string[] }[]
}

declare global {
  interface Window {
    __reactCommits?: Recording
    __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown
  }
}

/** Runs in the page before its scripts (`addInitScript`): every commit of every root, with what rendered in it. */
export function recordReactCommits() {
  const recording: Recording = { tapAt: 0, commits: [] }
  window.__reactCommits = recording
  document.addEventListener('click', (event) => (recording.tapAt = event.timeStamp), true)
  // React's fiber tags for components (function, class, forwardRef, memo, simple memo) and its flag for
  // a fiber whose component ran in this render.
  const componentTags = new Set([0, 1, 11, 14, 15])
  const performedWork = 1
  const nameOf = (fiber: Fiber): string => {
    const type = fiber.type as { displayName?: string; name?: string; render?: { name?: string }; type?: { name?: string } } | null
    return type?.displayName || type?.name || type?.render?.name || type?.type?.name || '(anonymous)'
  }
  // A fiber whose children are the ones of the tree before this commit was not entered: nothing under it rendered.
  const collect = (parent: Fiber, into: string[]) => {
    for (let fiber = parent.child; fiber !== null; fiber = fiber.sibling) {
      const before = fiber.alternate
      if (componentTags.has(fiber.tag) && (before === null || (fiber.flags & performedWork) !== 0)) into.push(nameOf(fiber))
      if (before === null || fiber.child !== before.child) collect(fiber, into)
    }
  }
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_renderer: number, root: { current: Fiber; containerInfo: Node }) {
      const rendered: string[] = []
      collect(root.current, rendered)
      recording.commits.push({ at: performance.now(), offPage: !root.containerInfo.isConnected, rendered })
    },
  }
}

/** Forgets the commits so far; the next click is the tap they are timed from. */
export async function startCommits(page: Page): Promise<void> {
  await page.evaluate(() => {
    const recording = window.__reactCommits
    if (recording) recording.commits.length = 0
  })
}

/** The commits since `startCommits` that came after the tap. */
export async function commitsSinceTap(page: Page): Promise<ReactCommit[]> {
  return page.evaluate(() => {
    const recording = window.__reactCommits
    if (!recording) throw new Error('React commits are not recorded on this page: add recordReactCommits as an init script')
    return recording.commits
      .filter((commit) => commit.at >= recording.tapAt)
      .map((commit) => ({ afterTapMs: commit.at - recording.tapAt, offPage: commit.offPage, rendered: commit.rendered }))
  })
}

/** One line a commit: when, how many components, and the first of them. */
export function formatCommits(commits: ReactCommit[], names = 6): string[] {
  return commits.map((commit) => {
    const shown = commit.rendered.slice(0, names).join(', ')
    const more = commit.rendered.length > names ? `, … ${commit.rendered.length - names} more` : ''
    return `  +${commit.afterTapMs.toFixed(1)} ms${commit.offPage ? ' (off the page)' : ''}: ${commit.rendered.length} rendered: ${shown}${more}`
  })
}
