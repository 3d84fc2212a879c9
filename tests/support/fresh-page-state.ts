/*
 * Test files in a shared worker (vite.config.ts's `product-shared`) find the DOM an earlier file
 * used: each starts as a file of its own would, with empty storage, an empty body and the address
 * at the root.
 */
if (typeof document !== 'undefined') {
  localStorage.clear()
  sessionStorage.clear()
  document.body.innerHTML = ''
  window.history.replaceState(null, '', '/')
}
