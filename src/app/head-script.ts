/* Inlined into <head> by the build (server/build/first-screen.ts): what must happen before the first paint. */
import '../i18n/first-paint-guard'
import '../ui/display-mode-head'
