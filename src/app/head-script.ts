/* Inlined into <head> by the build (src/build/first-screen.ts): what must happen before the first paint,
   and the watchdog that tells the borrower and the host when the page's code does not start. */
// First: what throws after it is a failure it reports.
import './load-watchdog'
import '../i18n/first-paint-guard'
import '../ui/display-mode-head'
