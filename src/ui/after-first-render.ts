import { useDeferredValue } from 'react'

/**
 * False in a component's first render, true from the deferred render React runs after that first
 * commit (which it may slice and yield to a frame before). `RestOfScreen` shows a screen's lower
 * cards from it; warming waits for it, so the root is dropped only once those cards rendered too.
 */
export function useAfterFirstRender(): boolean {
  return useDeferredValue(true, false)
}
