import { expect, test } from 'vitest'
import { createToastChannel, type Toast } from './toasts'

/*
 * docs/product-rules.md#errors: a network failure shows a toast. The machine starts before the page mounts its
 * toast host, so a boot call refused at once must still be shown when the host arrives, once.
 */

test('a toast published before anyone listens reaches the first listener, once', () => {
  const channel = createToastChannel()
  channel.publish({ code: 'networkError' })
  const first: Toast[] = []
  const second: Toast[] = []
  channel.subscribe((toast) => first.push(toast))
  channel.subscribe((toast) => second.push(toast))
  expect(first).toEqual([{ code: 'networkError' }])
  expect(second).toEqual([])
  channel.publish({ code: 'requestError' })
  expect(first).toEqual([{ code: 'networkError' }, { code: 'requestError' }])
  expect(second).toEqual([{ code: 'requestError' }])
})
