/**
 * Runs `task` once the main thread is idle, so prefetching the next pages never competes with
 * the screen being painted or the borrower's first tap. Returns the cancel.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 2_000 })
    return () => cancelIdleCallback(handle)
  }
  // Safari has no requestIdleCallback: after the current frame's work is a fair stand-in.
  const handle = setTimeout(task, 200)
  return () => clearTimeout(handle)
}

/**
 * Runs `tasks` in order, one per idle period, so that no one of them waits behind the others in a
 * single long task. Returns the cancel, which drops those not yet run.
 */
export function oneEachWhenIdle(tasks: ReadonlyArray<() => void>): () => void {
  let cancelNext = () => {}
  const runFrom = (index: number) => {
    if (index >= tasks.length) return
    cancelNext = whenIdle(() => {
      tasks[index]()
      runFrom(index + 1)
    })
  }
  runFrom(0)
  return () => cancelNext()
}
