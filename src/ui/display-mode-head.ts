import { elderClass, elderFlagKey } from './elder-flag'

/*
 * Inlined into <head> by the build and run before the body is parsed: a borrower who turned elder
 * mode on sees the prerendered first screen large already (index.html sizes text by the class),
 * not the default size and then a jump.
 */
try {
  if (localStorage.getItem(elderFlagKey) === '1') document.documentElement.classList.add(elderClass)
} catch {
  // Storage disabled: the default size, and the borrower can turn the mode on again.
}
