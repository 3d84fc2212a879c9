import { createContext, useEffect, useState } from 'react'
import { pageLoadDelayMs } from './lazy-page'

/**
 * False until the frame that shows the component's first commit has been painted. For a part of a
 * screen that the tap's or the answer's frame need not wait for: a framed page, a form's lower cards.
 * React's deferred render is not enough for that: it runs before the frame whenever the frame is not
 * yet due.
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
    // A page hidden now paints no frame until it is shown: it does not wait for one for long. A shown
    // page always waits for its frame, however late a loaded phone paints it.
    const noFrame = document.visibilityState === 'hidden' ? setTimeout(paint, pageLoadDelayMs) : undefined
    return stop
  }, [])
  return painted
}

/**
 * True inside a page rendered only to warm its code (`src/app/warm-pages.tsx`): no frame is painted
 * there and no effect runs, so a part that waits for the first paint would never be warmed.
 */
export const WarmingContext = createContext(false)
