import { useDeferredValue, useEffect, useState } from 'react'
import { pageLoadDelayMs } from './lazy-page'

/**
 * False in a component's first render, true from the deferred render React runs after that first
 * commit (which it may slice and yield to a frame before). `RestOfScreen` shows a screen's lower
 * cards from it; warming waits for it, so the root is dropped only once those cards rendered too.
 */
export function useAfterFirstRender(): boolean {
  return useDeferredValue(true, false)
}

/**
 * False until the frame that shows the component's first commit has been painted. For a part too
 * costly to build before that frame (a framed page): the deferred render above runs before the
 * frame whenever the frame is not yet due.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    let afterFrame: ReturnType<typeof setTimeout> | undefined
    const stop = () => {
      cancelAnimationFrame(frame)
      clearTimeout(afterFrame)
      clearTimeout(noFrame)
    }
    // Whichever comes first, once: a second set of the same state would still render again.
    const paint = () => {
      stop()
      setPainted(true)
    }
    // A frame's callbacks run just before it is painted; a task queued from one runs after.
    const frame = requestAnimationFrame(() => {
      afterFrame = setTimeout(paint, 0)
    })
    // A hidden page paints no frame: it does not wait for one for long.
    const noFrame = setTimeout(paint, pageLoadDelayMs)
    return stop
  }, [])
  return painted
}
